/**
 * The camera pulse's sampler (docs/product.md § Heart and safety), beside the 2-a-second
 * frame analysis: 20 times a second it draws the followed face's box from the playing
 * video into a 64x64 canvas on this page, averages the skin of the forehead and cheeks
 * (domain/heart/pulseTrace.ts) and keeps the trace; every 2 s it reads the heart rate from
 * the last 15 s. The face box comes from the frame analysis (its latest frame). Only
 * three means a frame are kept; no frame is stored or sent anywhere. I/O only.
 */
import {
  addSkinSample,
  emptyPulseTrace,
  readPulseIfDue,
  skinColour,
  skinRegions,
} from '../../domain/heart/pulseTrace';
import type { PulseSample } from '../../domain/heart/pulseTally';
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
    const out = readPulseIfDue(trace, now, face !== null);
    trace = out.trace;
    if (out.reading) latest = { reading: out.reading, at: now };
  };
  const timer = setInterval(tick, SAMPLE_INTERVAL_MS);

  return {
    setFace(box) {
      face = box && box.width > 0 && box.height > 0 ? box : null;
    },
    latest: () => latest,
    stop: () => clearInterval(timer),
  };
}
