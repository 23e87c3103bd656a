import { describe, expect, it } from 'vitest';
import { MIN_BREATH_SCALE, breathScale } from '../../src/domain/breathScale';

describe('breath guide scale', () => {
  it('grows on the inhale from small to full, eased', () => {
    expect(breathScale('inhale', 0)).toBe(MIN_BREATH_SCALE);
    expect(breathScale('inhale', 1)).toBe(1);
    expect(breathScale('inhale', 0.5)).toBeCloseTo((MIN_BREATH_SCALE + 1) / 2);
    expect(breathScale('inhale', 0.1)).toBeLessThan(
      MIN_BREATH_SCALE + (1 - MIN_BREATH_SCALE) * 0.1,
    );
  });
  it('stays full on the hold and small on the pause', () => {
    expect(breathScale('hold', 0.3)).toBe(1);
    expect(breathScale('pause', 0.7)).toBe(MIN_BREATH_SCALE);
  });
  it('shrinks on the exhale and clamps progress outside 0..1', () => {
    expect(breathScale('exhale', 0)).toBe(1);
    expect(breathScale('exhale', 1)).toBe(MIN_BREATH_SCALE);
    expect(breathScale('exhale', 2)).toBe(MIN_BREATH_SCALE);
    expect(breathScale('inhale', -1)).toBe(MIN_BREATH_SCALE);
  });
});
