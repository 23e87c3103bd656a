import { vi } from 'vitest';

/**
 * Makes the engine's own clock (src/data/storageWait.ts engineClock reads it through
 * `new PerformanceMark().startTime`) follow vitest's fake Date, for tests that fast-forward
 * a bounded storage wait as if the time had really passed. Undo with vi.unstubAllGlobals().
 */
export function engineClockFollowsFakeTime(): void {
  vi.stubGlobal(
    'PerformanceMark',
    class {
      readonly startTime = Date.now();
    },
  );
}
