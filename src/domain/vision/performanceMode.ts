/**
 * How often the camera is analysed (docs/product.md § Vision, § Constants): a target of
 * 2 frames per second, adapted to the average of the last 5 processing times (over
 * 2000 ms: minimal, 0.5 fps; over 1000 ms: balanced, 1 fps; else optimal, 2 fps). A
 * low-end device (2 or fewer cores, or 2 GB or less memory) starts balanced until five
 * processing times are known. On a battery below 20 % that is not charging the camera is
 * analysed at the minimal rate whatever the speed (spec § 4 Battery). Pure.
 */

export type PerformanceMode = 'optimal' | 'balanced' | 'minimal';

const FRAMES_PER_SECOND: Record<PerformanceMode, number> = {
  optimal: 2,
  balanced: 1,
  minimal: 0.5,
};

const PROCESSING_SAMPLES = 5;

export function frameIntervalMs(mode: PerformanceMode): number {
  return 1000 / FRAMES_PER_SECOND[mode];
}

export function isLowEndDevice(device: { cores?: number; memoryGb?: number }): boolean {
  return (
    (typeof device.cores === 'number' && device.cores > 0 && device.cores <= 2) ||
    (typeof device.memoryGb === 'number' && device.memoryGb > 0 && device.memoryGb <= 2)
  );
}

/** Below this battery level (0-1), and not charging, the device saves power. */
const LOW_BATTERY_LEVEL = 0.2;

/** What the Battery Status API reports; absent where the browser has none. */
export interface BatteryFacts {
  level: number;
  charging: boolean;
}

export function isLowBattery(battery: BatteryFacts | null | undefined): boolean {
  return (
    !!battery &&
    !battery.charging &&
    Number.isFinite(battery.level) &&
    battery.level < LOW_BATTERY_LEVEL
  );
}

/** The mode for the processing times so far (ms, oldest first). */
export function performanceModeFor(
  processingMs: readonly number[],
  lowEnd: boolean,
  lowBattery = false,
): PerformanceMode {
  if (lowBattery) return 'minimal';
  const last = processingMs.filter(Number.isFinite).slice(-PROCESSING_SAMPLES);
  if (last.length < PROCESSING_SAMPLES) return lowEnd ? 'balanced' : 'optimal';
  const avg = last.reduce((a, b) => a + b, 0) / last.length;
  if (avg > 2000) return 'minimal';
  if (avg > 1000) return 'balanced';
  return 'optimal';
}
