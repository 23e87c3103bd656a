import { describe, expect, it } from 'vitest';
import {
  EMPTY_FORM,
  LIMITS,
  parseBenefits,
  parsePhase,
  timingLabel,
  toFormValues,
  validatePatternForm,
  type PatternFormValues,
} from '../../src/domain/patternValidation';
import { customPatternInputSchema } from '../../src/data/customPatternsRepo';

const form = (patch: Partial<PatternFormValues>): PatternFormValues => ({
  ...EMPTY_FORM,
  name: 'Mine',
  ...patch,
});

describe('phase parsing', () => {
  it('accepts whole numbers, decimals and a decimal comma', () => {
    expect(parsePhase('inhale', '4')).toEqual({ seconds: 4 });
    expect(parsePhase('inhale', '4.5')).toEqual({ seconds: 4.5 });
    expect(parsePhase('inhale', ' 4,25 ')).toEqual({ seconds: 4.25 });
    expect(parsePhase('hold', '.5')).toEqual({ seconds: 0.5 });
  });
  it('allows 0 for holds but not for inhale or exhale', () => {
    expect(parsePhase('hold', '0')).toEqual({ seconds: 0 });
    expect(parsePhase('hold_after_exhale', '0')).toEqual({ seconds: 0 });
    expect(parsePhase('inhale', '0')).toEqual({ error: 'Inhale must be at least 0.5 seconds' });
    expect(parsePhase('exhale', '0.49')).toEqual({ error: 'Exhale must be at least 0.5 seconds' });
    expect(parsePhase('exhale', '0.5')).toEqual({ seconds: 0.5 });
  });
  it('enforces the upper limit at its boundary', () => {
    expect(parsePhase('hold', String(LIMITS.phaseMax))).toEqual({ seconds: 60 });
    expect(parsePhase('hold', '60.01')).toEqual({ error: 'Hold can be at most 60 seconds' });
  });
  it('explains bad input', () => {
    expect(parsePhase('hold', '')).toEqual({ error: 'Hold is required (use 0 for no hold)' });
    expect(parsePhase('inhale', '-1')).toEqual({ error: 'Inhale cannot be negative' });
    expect(parsePhase('inhale', 'four')).toEqual({
      error: 'Inhale must be a number of seconds, like 4 or 4.5',
    });
    expect(parsePhase('inhale', '1e3')).toEqual({
      error: 'Inhale must be a number of seconds, like 4 or 4.5',
    });
    expect(parsePhase('inhale', '4.125')).toEqual({
      error: 'Inhale can have at most 2 decimal places',
    });
  });
});

describe('whole form', () => {
  it('builds a 3-2-3-1 pattern', () => {
    const r = validatePatternForm(
      form({
        name: '  Triangle  ',
        inhale: '3',
        hold: '2',
        exhale: '3',
        hold_after_exhale: '1',
        benefits: 'Calm\n\n Focus \n',
        category: 'focus',
        difficulty: 'Intermediate',
      }),
    );
    expect(r).toEqual({
      ok: true,
      value: {
        name: 'Triangle',
        description: '',
        inhale: 3,
        hold: 2,
        exhale: 3,
        hold_after_exhale: 1,
        category: 'focus',
        difficulty: 'Intermediate',
        benefits: ['Calm', 'Focus'],
      },
    });
    if (r.ok) {
      expect(timingLabel(r.value)).toBe('3-2-3-1');
      expect(validatePatternForm(toFormValues(r.value))).toEqual(r);
      // what the form accepts, the local store accepts
      expect(customPatternInputSchema.safeParse(r.value).success).toBe(true);
    }
  });
  it('collects one message per field', () => {
    const r = validatePatternForm({
      name: ' ',
      description: 'x'.repeat(501),
      inhale: '0',
      hold: 'a',
      exhale: '61',
      hold_after_exhale: '',
      category: 'other',
      difficulty: 'Expert',
      benefits: Array.from({ length: 11 }, (_, i) => `b${i}`).join('\n'),
    });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(Object.keys(r.errors).sort()).toEqual(
        [
          'benefits',
          'category',
          'description',
          'difficulty',
          'exhale',
          'hold',
          'hold_after_exhale',
          'inhale',
          'name',
        ].sort(),
      );
      expect(r.errors.name).toBe('Name is required');
    }
  });
  it('limits name length and benefit length at the boundary', () => {
    expect(validatePatternForm(form({ name: 'n'.repeat(80) })).ok).toBe(true);
    expect(validatePatternForm(form({ name: 'n'.repeat(81) }))).toEqual({
      ok: false,
      errors: { name: 'Name can be at most 80 characters' },
    });
    expect(validatePatternForm(form({ benefits: 'b'.repeat(120) })).ok).toBe(true);
    expect(validatePatternForm(form({ benefits: 'b'.repeat(121) }))).toEqual({
      ok: false,
      errors: { benefits: 'Each benefit can be at most 120 characters' },
    });
    expect(parseBenefits('a\r\nb')).toEqual(['a', 'b']);
  });
});
