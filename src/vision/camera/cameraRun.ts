// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the virtual module is declared there; the Node project (tests, bench) reaches this file too
/// <reference path="../mediapipeAssets.d.ts" />
/**
 * One run of the camera, from 'Enable Camera' until it is switched off, the tab is hidden
 * or the session ends (docs/product.md § Vision):
 *   open the camera (10 s) -> play it in a video element (5 s) -> load the frame worker and
 *   the face detector -> every 500/1000/2000 ms (the performance mode) grab a 320x240
 *   frame, let the worker analyse it, report the sample; beside it the pulse sampler
 *   (./pulseSampler.ts) reads the face's skin 20 times a second, and each sample carries
 *   its latest reading.
 * Reports go to the session machine (CameraReport). Nothing but aggregate numbers leaves
 * the worker, and nothing at all leaves the device.
 */
import { FRAME_HEIGHT, FRAME_WIDTH } from '../../domain/vision/frames';
import {
  frameIntervalMs,
  isLowEndDevice,
  performanceModeFor,
  type PerformanceMode,
} from '../../domain/vision/performanceMode';
import { batteryIsLow, watchBattery } from '../battery';
import type { CameraReport } from '../../machines/sessionCamera';
import { cameraFailure } from './cameraErrors';
import { startFrameWorker, type FrameWorkerClient } from './frameWorkerClient';
import { openCamera, stopStream } from './openCamera';
import { startPulseSampler, type PulseSampler } from './pulseSampler';
import { playStream } from './videoSource';
import type { StageTimings } from '../worker/protocol';

export interface CameraRunOptions {
  cycleSeconds: number | null;
  report: (r: CameraReport) => void;
  /** Stage timings of each frame (the live details panel and the benchmark). */
  onTimings?: (t: StageTimings, mode: PerformanceMode) => void;
}

export interface CameraRun {
  stop(): void;
}

function deviceIsLowEnd(): boolean {
  const nav = globalThis.navigator as Navigator & { deviceMemory?: number };
  return isLowEndDevice({ cores: nav?.hardwareConcurrency, memoryGb: nav?.deviceMemory });
}

async function loadAssets() {
  const assets = await import('virtual:pneuma-mediapipe-assets');
  return {
    wasmLoaderPath: new URL(assets.wasmLoaderPath, location.href).href,
    wasmBinaryPath: new URL(assets.wasmBinaryPath, location.href).href,
    faceModelPath: new URL(assets.faceModelPath, location.href).href,
  };
}

export async function startCameraRun(opts: CameraRunOptions): Promise<CameraRun> {
  const { report } = opts;
  let stopped = false;
  let stream: MediaStream | null = null;
  let worker: FrameWorkerClient | null = null;
  let pulse: PulseSampler | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const video = document.createElement('video');

  const stop = () => {
    if (stopped) return;
    stopped = true;
    clearTimeout(timer);
    stopStream(stream);
    video.srcObject = null;
    worker?.terminate();
    pulse?.stop();
    report({ type: 'CAMERA_STREAM', stream: null });
    report({ type: 'VISION', active: false });
  };
  const fail = (error: unknown, duringSession: boolean) => {
    if (stopped) return;
    const failure = cameraFailure(error, duringSession);
    if (failure.denied) report({ type: 'CAMERA_PERMISSION', granted: false });
    stop();
    report({
      type: 'CAMERA_STATUS',
      status: 'failed',
      message: failure.detail ? `${failure.message} (${failure.detail})` : failure.message,
    });
  };

  report({ type: 'CAMERA_STATUS', status: 'starting' });
  try {
    stream = await openCamera();
    if (stopped) {
      stopStream(stream);
      return { stop };
    }
    report({ type: 'CAMERA_PERMISSION', granted: true });
    await playStream(stream, video);
    report({ type: 'CAMERA_STREAM', stream });
    const [track] = stream.getVideoTracks();
    track?.addEventListener('ended', () => fail(new Error('The camera stopped'), true));
    worker = startFrameWorker(await loadAssets().catch(() => null), opts.cycleSeconds);
    const ready = await worker.ready;
    if (stopped) return { stop };
    pulse = startPulseSampler(video);
    report({
      type: 'CAMERA_STATUS',
      status: 'on',
      message: ready.faceDetector
        ? null
        : 'Face detection could not start on this device: stillness is measured; face presence, posture and breathing rate are not.',
    });
  } catch (e) {
    fail(e, false);
    return { stop };
  }

  const lowEnd = deviceIsLowEnd();
  watchBattery();
  const times: number[] = [];
  let mode: PerformanceMode = performanceModeFor(times, lowEnd, batteryIsLow());
  report({ type: 'PERFORMANCE_MODE', mode });

  const tick = async () => {
    if (stopped || !worker) return;
    const started = performance.now();
    try {
      if (video.readyState >= 2) {
        const bitmap = await createImageBitmap(video, {
          resizeWidth: FRAME_WIDTH,
          resizeHeight: FRAME_HEIGHT,
          resizeQuality: 'low',
        });
        if (stopped) {
          bitmap.close();
          return;
        }
        const sample = await worker.analyse(bitmap, started);
        if (stopped) return;
        const processingTimeMs = performance.now() - started;
        pulse?.setFace(sample.metrics.faceBox ?? null);
        const reading = pulse?.latest();
        report({
          type: 'VISION',
          active: true,
          metrics: { ...sample.metrics, processingTimeMs, ...(reading ? { pulse: reading } : {}) },
        });
        times.push(processingTimeMs);
        if (times.length > 5) times.shift();
        const next = performanceModeFor(times, lowEnd, batteryIsLow());
        if (next !== mode) {
          mode = next;
          report({ type: 'PERFORMANCE_MODE', mode });
        }
        opts.onTimings?.(sample.timings, mode);
      }
    } catch (e) {
      fail(e, true);
      return;
    }
    const wait = Math.max(0, started + frameIntervalMs(mode) - performance.now());
    timer = setTimeout(() => void tick(), wait);
  };
  void tick();
  return { stop };
}
