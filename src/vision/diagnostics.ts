/**
 * The latest per-stage timings of the frame worker, for the live 'Analysis details' and
 * the benchmark that reads them. A tiny store: the camera run writes, views subscribe.
 */
import type { PerformanceMode } from '../domain/vision/performanceMode';
import type { StageTimings } from './worker/protocol';

interface VisionDiagnostics {
  frames: number;
  mode: PerformanceMode;
  /** Averages over the frames so far, ms. */
  stillnessMs: number;
  faceMs: number;
  breathingMs: number;
  totalMs: number;
}

let current: VisionDiagnostics | null = null;
const listeners = new Set<() => void>();

export function recordTimings(t: StageTimings, mode: PerformanceMode): void {
  const n = (current?.frames ?? 0) + 1;
  const avg = (prev: number | undefined, v: number) =>
    prev === undefined ? v : prev + (v - prev) / n;
  current = {
    frames: n,
    mode,
    stillnessMs: avg(current?.stillnessMs, t.stillnessMs),
    faceMs: avg(current?.faceMs, t.faceMs),
    breathingMs: avg(current?.breathingMs, t.breathingMs),
    totalMs: avg(current?.totalMs, t.totalMs),
  };
  listeners.forEach((l) => l());
}

export function resetDiagnostics(): void {
  current = null;
  listeners.forEach((l) => l());
}

export const getDiagnostics = (): VisionDiagnostics | null => current;

export function subscribeDiagnostics(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
