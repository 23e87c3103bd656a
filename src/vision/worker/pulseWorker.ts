/**
 * The camera pulse's method off the page's main thread (docs/product.md § Heart and
 * safety): a skin-colour trace in (three means a frame, never a frame), its reading out.
 * A reading takes tens of milliseconds, which on the page would stall the breathing
 * guide's animation every 2 s.
 */
import { estimatePulse, type SkinColourSample } from '../../domain/heart/pulsePos';
import type { PulseStatus } from '../../domain/heart/pulseTrace';

export interface PulseRequest {
  samples: SkinColourSample[];
  at: number;
}
export interface PulseAnswer {
  reading: PulseStatus;
  at: number;
}

interface WorkerScope {
  postMessage(message: PulseAnswer): void;
  addEventListener(type: 'message', listener: (e: MessageEvent<PulseRequest>) => void): void;
}
const scope = self as unknown as WorkerScope;

scope.addEventListener('message', (e) => {
  scope.postMessage({ reading: estimatePulse(e.data.samples), at: e.data.at });
});
