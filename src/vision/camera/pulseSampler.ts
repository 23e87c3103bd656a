/**
 * The camera pulse's sampler (docs/product.md § Heart and safety), beside the 2-a-second
 * frame analysis: 20 times a second it draws the followed face's box from the playing
 * video into a 64x64 canvas on this page, averages the skin of the forehead and cheeks
 * (domain/heart/pulseTrace.ts) and keeps the trace; every 2 s its pulse worker reads the
 * heart rate from the last 15 s (off the main thread: a reading takes tens of ms). The face box comes from the frame analysis (its latest frame). Only
 * three means a frame are kept; no frame is stored or sent anywhere. I/O only.
 */
import {
  addSkinSample,
  emptyPulseTrace,
  NO_FACE,
  pulseDue,
  skinColour,
  skinRegions,
} from '../../domain/heart/pulseTrace';
import type { PulseSample } from '../../domain/heart/pulseTally';
import type { PulseAnswer, PulseRequest } from '../worker/pulseWorker';
import { FRAME_HEIGHT, FRAME_WIDTH, type Rect } from '../../domain/vision/frames';

/** 20 frames a second: above the 15 the method needs, at or below most cameras' rate. */
const SAMPLE_INTERVAL_MS = 50;
const CROP = 64;

export interface PulseSampler {
  /** The followed face in the latest analysed frame (frame pixels), or null without one. */
  setFace(box: Rect | null): void;
  /** The latest reading, or null before the first. */
  latest(): PulseSample | null;
  stop(): void;
}

export function startPulseSampler(video: HTMLVideoElement): PulseSampler {
  const canvas = document.createElement('canvas');
  canvas.width = CROP;
  canvas.height = CROP;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  const regions = skinRegions({ x: 0, y: 0, width: CROP, height: CROP });
  let face: Rect | null = null;
  let trace = emptyPulseTrace();
  let latest: PulseSample | null = null;
  let stopped = false;
  // One reading at a time; a reading due while one runs waits for the next turn.
  let busy = false;
  const worker = new Worker(new URL('../worker/pulseWorker.ts', import.meta.url), {
    type: 'module',
    name: 'pneuma-pulse',
  });
  worker.addEventListener('message', (e: MessageEvent<PulseAnswer>) => {
    busy = false;
    // A 'no face' made while this reading ran is newer: it stays.
    if (!stopped && e.data.at > (latest?.at ?? -Infinity)) {
      latest = { reading: e.data.reading, at: e.data.at };
    }
  });
  worker.addEventListener('error', () => {
    // Never answered: no reading is shown rather than a stale one.
    busy = false;
    latest = null;
  });

  const tick = () => {
    const now = performance.now();
    const w = video.videoWidth;
    const h = video.videoHeight;
    if (face && ctx && video.readyState >= 2 && w > 0 && h > 0) {
      // The analysed frame is the whole video scaled to 320x240: scale the box back.
      const sx = w / FRAME_WIDTH;
      const sy = h / FRAME_HEIGHT;
      ctx.drawImage(
        video,
        face.x * sx,
        face.y * sy,
        face.width * sx,
        face.height * sy,
        0,
        0,
        CROP,
        CROP,
      );
      const colour = skinColour(ctx.getImageData(0, 0, CROP, CROP).data, CROP, CROP, regions);
      if (colour) trace = addSkinSample(trace, { t: now, ...colour });
    }
    const out = pulseDue(trace, now, face !== null);
    trace = out.trace;
    if (!out.due) return;
    if (!face) latest = { reading: NO_FACE, at: now };
    else if (!busy) {
      busy = true;
      const request: PulseRequest = { samples: trace.samples, at: now };
      worker.postMessage(request);
    }
  };
  const timer = setInterval(tick, SAMPLE_INTERVAL_MS);

  return {
    setFace(box) {
      face = box && box.width > 0 && box.height > 0 ? box : null;
    },
    latest: () => latest,
    stop() {
      stopped = true;
      clearInterval(timer);
      worker.terminate();
    },
  };
}
