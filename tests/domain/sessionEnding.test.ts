import { describe, expect, it } from 'vitest';
import { isLastCycle, startsLastCycle } from '../../src/domain/sessionEnding';

describe('the last cycle', () => {
  it('is the final one of the target, and only with two cycles or more', () => {
    expect(isLastCycle(9, 10)).toBe(true);
    expect(isLastCycle(8, 10)).toBe(false);
    expect(isLastCycle(10, 10)).toBe(false);
    expect(isLastCycle(0, 1)).toBe(false);
  });
  it('starts at the first boundary of that cycle', () => {
    expect(startsLastCycle(36, 4, 10)).toBe(true); // box: 4 phases, cycle 10 begins at 36
    expect(startsLastCycle(37, 4, 10)).toBe(false);
    expect(startsLastCycle(14, 2, 8)).toBe(true); // two phases, 8 cycles
    expect(startsLastCycle(0, 4, 1)).toBe(false);
    expect(startsLastCycle(0, 0, 10)).toBe(false);
  });
});
