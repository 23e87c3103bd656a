import { describe, expect, it } from 'vitest';
import {
  CATALOGUE_IDS,
  GOAL_PATTERN_IDS,
  PATTERNS,
  cycleSeconds,
  getPattern,
  isCatalogueId,
  timingsError,
} from '../../src/domain/patterns';
import { patternSource } from '../../src/domain/patternSources';

describe('pattern catalogue', () => {
  it('has the six catalogue timings, four phases each', () => {
    const t = (id: string) => {
      const p = getPattern(id)!;
      return [p.inhale, p.hold, p.exhale, p.hold_after_exhale];
    };
    expect(t('box')).toEqual([4, 4, 4, 4]);
    expect(t('relaxation')).toEqual([4, 7, 8, 0]);
    expect(t('wim_hof')).toEqual([2, 0, 1, 0]);
    expect(t('energy')).toEqual([3, 2, 4, 1]);
    expect(t('sleep')).toEqual([4, 6, 8, 3]);
    expect(t('mindfulness')).toEqual([5, 0, 5, 0]);
  });

  it('includes the goal-level patterns with evidence-based timings', () => {
    expect(GOAL_PATTERN_IDS).toEqual(['energizing', 'coherent', 'resonant']);
    const coherent = getPattern('coherent')!;
    expect(60 / cycleSeconds(coherent)).toBe(5); // 5 breaths a minute
    const resonant = getPattern('resonant')!;
    expect(60 / cycleSeconds(resonant)).toBe(6); // 0.1 Hz
    expect(resonant.exhale).toBeGreaterThan(resonant.inhale);
    const energizing = getPattern('energizing')!;
    expect(energizing.inhale).toBeGreaterThan(energizing.exhale);
  });

  it('lists catalogue patterns first, then the goal-level ones, all enriched', () => {
    expect(PATTERNS.map((p) => p.id)).toEqual([...CATALOGUE_IDS, ...GOAL_PATTERN_IDS]);
    for (const p of PATTERNS) {
      expect(p.name).toBeTruthy();
      expect(p.description).toBeTruthy();
      expect(p.benefits.length).toBeGreaterThan(0);
      expect(p.userBenefit).toBeTruthy();
      expect(p.timeToEffect).toBeTruthy();
      expect(['Beginner', 'Intermediate', 'Advanced']).toContain(p.difficulty);
      expect(p.bestFor.length).toBeGreaterThan(0);
      expect(patternSource(p.id)).toMatch(/\d{4}/); // cites a dated source
      expect(p.color).toMatch(/^#[0-9a-f]{6}$/i);
      expect(['stress', 'sleep', 'focus', 'energy']).toContain(p.category);
      expect(p.builtIn).toBe(true);
      expect(timingsError(p)).toBeNull();
      expect(p).not.toHaveProperty('successRate');
    }
  });

  it('only wim_hof offers breath retention', () => {
    expect(PATTERNS.filter((p) => p.hasBreathHold).map((p) => p.id)).toEqual(['wim_hof']);
  });

  it('is frozen: nobody can edit the one source of truth', () => {
    expect(Object.isFrozen(PATTERNS)).toBe(true);
    expect(Object.isFrozen(getPattern('box'))).toBe(true);
  });

  it('looks ids up', () => {
    expect(isCatalogueId('box')).toBe(true);
    expect(isCatalogueId('resonant')).toBe(true);
    expect(isCatalogueId('nope')).toBe(false);
    expect(isCatalogueId(undefined)).toBe(false);
    expect(isCatalogueId(4)).toBe(false);
    expect(isCatalogueId('toString')).toBe(false);
    expect(getPattern('sleep')?.name).toBe('Sleep Preparation');
    expect(getPattern(null)).toBeUndefined();
    expect(getPattern('constructor')).toBeUndefined();
  });

  it('computes cycle seconds from all four phases', () => {
    expect(cycleSeconds(getPattern('box')!)).toBe(16);
    expect(cycleSeconds(getPattern('sleep')!)).toBe(21);
    expect(cycleSeconds(getPattern('relaxation')!)).toBe(19);
    expect(cycleSeconds(getPattern('wim_hof')!)).toBe(3);
    // a zero phase adds nothing; a hold after the exhale adds its seconds (box: 16, not 12)
    expect(cycleSeconds({ inhale: 4, hold: 4, exhale: 4, hold_after_exhale: 0 })).toBe(12);
    expect(cycleSeconds({ inhale: 4.5, hold: 0, exhale: 5.25, hold_after_exhale: 1 })).toBe(10.75);
  });

  it('rejects unusable timings with a clear message', () => {
    expect(timingsError({ inhale: 4, hold: 0, exhale: 4, hold_after_exhale: 0 })).toBeNull();
    expect(timingsError({ inhale: 0, hold: 0, exhale: 4, hold_after_exhale: 0 })).toMatch(/inhale/);
    expect(timingsError({ inhale: 4, hold: 0, exhale: 0, hold_after_exhale: 0 })).toMatch(/exhale/);
    expect(timingsError({ inhale: 4, hold: -1, exhale: 4, hold_after_exhale: 0 })).toMatch(
      /negative/,
    );
    expect(timingsError({ inhale: 4, hold: Number.NaN, exhale: 4, hold_after_exhale: 0 })).toMatch(
      /number/,
    );
    expect(timingsError({ inhale: '4', hold: 0, exhale: 4, hold_after_exhale: 0 })).toMatch(
      /number/,
    );
    expect(timingsError({ inhale: 4, hold: 0, exhale: 4 })).toMatch(/hold_after_exhale/);
    expect(timingsError({ inhale: 121, hold: 0, exhale: 4, hold_after_exhale: 0 })).toMatch(
      /longer than 120/,
    );
  });
});
