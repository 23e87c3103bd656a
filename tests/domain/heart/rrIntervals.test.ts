/**
 * RMSSD and the heart rate from RR intervals, checked by hand-worked figures (RMSSD's
 * definition: the root mean square of successive differences, Task Force of the ESC and
 * NASPE 1996). Does not prove: anything about a real strap's beat detection.
 */
import { describe, expect, it } from 'vitest';
import { heartRateFromRr, rmssd } from '../../../src/domain/heart/rrIntervals';

describe('rmssd', () => {
  it('hand-worked: 800, 810, 790, 820 -> sqrt((100 + 400 + 900) / 3) = 21.6 ms', () => {
    expect(rmssd([800, 810, 790, 820])).toBe(21.6);
  });
  it('a steady rhythm has none', () => expect(rmssd([1000, 1000, 1000])).toBe(0));
  it('needs a pair', () => {
    expect(rmssd([])).toBeNull();
    expect(rmssd([800])).toBeNull();
  });
  it('skips pairs that touch an implausible interval (a missed or doubled beat)', () => {
    // 2500 ms (a missed beat) spoils both pairs it is in; only (810, 790) counts.
    expect(rmssd([800, 2500, 810, 790])).toBe(20);
  });
});

describe('heartRateFromRr', () => {
  it('times each beat by the running sum and gives 60000 / RR', () => {
    expect(heartRateFromRr([1000, 750, 2500, 500], 10)).toEqual([
      { t: 11, bpm: 60 },
      { t: 11.75, bpm: 80 },
      // 2500 ms is not a beat: time advances, no sample
      { t: 14.75, bpm: 120 },
    ]);
  });
});
