/**
 * The battery as the Battery Status API reports it (Chromium; absent in Firefox and
 * Safari, where nothing changes). A tiny store: the camera run reads it before each
 * frame, the live panel shows why the rate dropped.
 */
import { isLowBattery, type BatteryFacts } from '../domain/vision/performanceMode';

interface BatteryManagerLike extends EventTarget {
  level: number;
  charging: boolean;
}

let facts: BatteryFacts | null = null;
let started = false;
const listeners = new Set<() => void>();

function update(b: BatteryManagerLike): void {
  facts = { level: b.level, charging: b.charging };
  listeners.forEach((l) => l());
}

/** Starts following the battery once (a no-op where the API is missing or refused). */
export function watchBattery(): void {
  if (started || typeof navigator === 'undefined') return;
  started = true;
  const get = (navigator as Navigator & { getBattery?: () => Promise<BatteryManagerLike> })
    .getBattery;
  if (typeof get !== 'function') return;
  get
    .call(navigator)
    .then((b) => {
      update(b);
      b.addEventListener('levelchange', () => update(b));
      b.addEventListener('chargingchange', () => update(b));
    })
    .catch(() => undefined);
}

/** True while the battery is below 20 % and not charging. */
export const batteryIsLow = (): boolean => isLowBattery(facts);

export function subscribeBattery(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
