import { describe, expect, it } from 'vitest';
import {
  EMPTY_FORM,
  parseTimings,
  toFormValues,
  validatePatternForm,
} from '../../src/domain/patternForm';
import { timingLabel } from '../../src/domain/patterns';
import {
  PATTERN_LIMITS as LIMITS,
  patternSchema,
  type PatternFormValues,
} from '../../src/domain/patternSchema';

const form = (patch: Partial<PatternFormValues>): PatternFormValues => ({
  ...EMPTY_FORM,
  name: 'Mine',
  ...patch,
});

/** One phase typed into an otherwise valid form: its seconds, or the form's message for it. */
const parsePhase = (field: 'inhale' | 'hold' | 'exhale' | 'hold_after_exhale', raw: string) => {
  const r = validatePatternForm(form({ [field]: raw }));
  return r.ok ? { seconds: r.value[field] } : { error: r.errors[field] };
};

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
      expect(patternSchema.safeParse(r.value).success).toBe(true);
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
      // each in the form's own words
      expect(r.errors).toEqual({
        name: 'Name is required',
        description: 'Description can be at most 500 characters',
        inhale: 'Inhale must be at least 0.5 seconds',
        hold: 'Hold must be a number of seconds, like 4 or 4.5',
        exhale: 'Exhale can be at most 60 seconds',
        hold_after_exhale: 'Hold after exhale is required (use 0 for no hold after exhale)',
        category: 'Choose a category: Stress Relief, Sleep, Focus or Energy',
        difficulty: 'Choose a difficulty: Beginner, Intermediate or Advanced',
        benefits: 'List at most 10 benefits (one per line)',
      });
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
    expect(validatePatternForm(form({ benefits: 'a\r\n\n b \nc' }))).toMatchObject({ ok: true, value: { benefits: ['a', 'b', 'c'] } });
  });
});

describe('one schema for the form, the store and the import', () => {
  const stored = { name: 'Mine', inhale: 4, hold: 0, exhale: 4, hold_after_exhale: 0 };
  const storeErrors = (patch: Record<string, unknown>) => {
    const r = patternSchema.safeParse({ ...stored, ...patch });
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('gives the store and the import the same limits, in words that fit a stored value', () => {
    expect(storeErrors({})).toEqual([]);
    expect(storeErrors({ name: '' })).toEqual(['name: Name is required']);
    expect(storeErrors({ name: 'n'.repeat(81) })).toEqual([
      'name: Name can be at most 80 characters',
    ]);
    expect(storeErrors({ description: 'x'.repeat(501) })).toEqual([
      'description: Description can be at most 500 characters',
    ]);
    expect(storeErrors({ exhale: 61 })).toEqual(['exhale: Exhale can be at most 60 seconds']);
    expect(storeErrors({ hold: -1 })).toEqual(['hold: Hold cannot be negative']);
    expect(storeErrors({ inhale: 0 })).toEqual(['inhale: Inhale must be longer than 0 seconds']);
    expect(storeErrors({ hold_after_exhale: '2' })).toEqual([
      'hold_after_exhale: Hold after exhale must be a number of seconds',
    ]);
    expect(storeErrors({ hold: Number.POSITIVE_INFINITY })).toEqual([
      'hold: Hold must be a number of seconds',
    ]);
    expect(storeErrors({ category: 'other' })).toEqual([
      'category: Category must be stress, sleep, focus or energy',
    ]);
    expect(storeErrors({ difficulty: 'Expert' })).toEqual([
      'difficulty: Difficulty must be Beginner, Intermediate or Advanced',
    ]);
    expect(storeErrors({ benefits: Array.from({ length: 11 }, () => 'b') })).toEqual([
      'benefits: At most 10 benefits',
    ]);
    expect(storeErrors({ benefits: ['b'.repeat(121)] })).toEqual([
      'benefits.0: Each benefit can be at most 120 characters',
    ]);
    expect(storeErrors({ color: 'red' })).toHaveLength(1);
  });

  it('fills the store defaults', () => {
    expect(patternSchema.parse({ ...stored, name: ' Mine ' })).toEqual({
      ...stored,
      description: '',
      category: 'stress',
      difficulty: 'Beginner',
      benefits: [],
    });
  });

  it('accepts in the store every breath the form accepts (the form asks for more)', () => {
    const atFloor = validatePatternForm(form({ inhale: '0.5', exhale: '0.5' }));
    expect(atFloor.ok).toBe(true);
    if (atFloor.ok) expect(patternSchema.safeParse(atFloor.value).success).toBe(true);
    expect(storeErrors({ inhale: 0.25 })).toEqual([]);
    expect(parsePhase('inhale', '0.25')).toEqual({ error: 'Inhale must be at least 0.5 seconds' });
  });

  it('reads the four timings for the preview only when all are valid', () => {
    expect(
      parseTimings(form({ inhale: '3', hold: '2,5', exhale: '3', hold_after_exhale: '1' })),
    ).toEqual({ inhale: 3, hold: 2.5, exhale: 3, hold_after_exhale: 1 });
    expect(parseTimings(form({ hold: '' }))).toBeNull();
  });
});
