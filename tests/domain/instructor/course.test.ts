import { describe, expect, it } from 'vitest';
import { emptyDay, moveDay, type CourseDay } from '../../../src/domain/instructor/course';
import { draftErrors, publishErrors } from '../../../src/domain/instructor/courseSchema';
import {
  completionPercent,
  currentDayIndex,
  dayDoneBySessions,
  sessionsForDay,
} from '../../../src/domain/instructor/progress';

const BOX = { id: 'box', name: 'Box Breathing', inhale: 4, hold: 4, exhale: 4, hold_after_exhale: 4 };
const SLEEP = { id: 'sleep', name: 'Sleep', inhale: 4, hold: 6, exhale: 8, hold_after_exhale: 3 };
const day = (note: string, patterns = [BOX]): CourseDay => ({ note, patterns });

describe('moveDay', () => {
  const days = [day('a'), day('b'), day('c')];
  it('moves a day up and down, clamped at the ends, without touching the input', () => {
    expect(moveDay(days, 2, 0).map((d) => d.note)).toEqual(['c', 'a', 'b']);
    expect(moveDay(days, 0, 1).map((d) => d.note)).toEqual(['b', 'a', 'c']);
    expect(moveDay(days, 0, -5).map((d) => d.note)).toEqual(['a', 'b', 'c']);
    expect(moveDay(days, 1, 99).map((d) => d.note)).toEqual(['a', 'c', 'b']);
    expect(moveDay(days, 7, 0).map((d) => d.note)).toEqual(['a', 'b', 'c']);
    expect(days.map((d) => d.note)).toEqual(['a', 'b', 'c']);
  });
});

describe('course rules', () => {
  const base = { title: 'Two calm days', description: '', level: 'Beginner' as const };
  it('a draft needs a title and a level only', () => {
    expect(draftErrors(base)).toBeNull();
    expect(draftErrors({ ...base, title: ' a ' })).toEqual({ title: 'Title needs at least 3 characters' });
  });
  it('publishing needs at least one day, each with 1-4 patterns', () => {
    expect(publishErrors({ ...base, days: [day('x')] })).toBeNull();
    expect(publishErrors({ ...base, days: [] })).toEqual({ days: 'Add at least one day' });
    expect(publishErrors({ ...base, days: [day('x'), emptyDay()] })).toEqual({
      'days.1.patterns': 'Add at least one pattern or program to this day',
    });
    expect(publishErrors({ ...base, days: [day('x', [BOX, BOX, BOX, BOX, BOX])] })).toEqual({
      'days.0.patterns': 'A day can have at most 4 patterns',
    });
    expect(publishErrors({ ...base, days: [day('x'.repeat(501))] })).toEqual({
      'days.0.note': 'A note can be at most 500 characters',
    });
    const broken = { ...BOX, inhale: 0 };
    expect(publishErrors({ ...base, days: [day('x', [broken])] })?.['days.0.patterns.0']).toBe('This pattern cannot be breathed');
  });
});

describe('progress', () => {
  it('percent and the current day', () => {
    expect(completionPercent(1, 2)).toBe(50);
    expect(completionPercent(1, 3)).toBe(33);
    expect(completionPercent(5, 2)).toBe(100);
    expect(completionPercent(0, 0)).toBe(0);
    expect(currentDayIndex(new Set(), 2)).toBe(0);
    expect(currentDayIndex(new Set([0]), 2)).toBe(1);
    expect(currentDayIndex(new Set([1]), 2)).toBe(0);
    expect(currentDayIndex(new Set([0, 1]), 2)).toBe(2);
  });

  it('a day is done when each of its patterns has a session since it opened', () => {
    const d = day('x', [BOX, SLEEP]);
    const sessions = [
      { id: 'old', patternId: 'box', at: 50 },
      { id: 's1', patternId: 'box', at: 150 },
      { id: 'other', patternId: 'energy', at: 160 },
    ];
    expect(sessionsForDay(d, sessions, 100).map((s) => s.id)).toEqual(['s1']);
    expect(dayDoneBySessions(d, sessions, 100)).toBe(false);
    expect(dayDoneBySessions(d, [...sessions, { id: 's2', patternId: 'sleep', at: 170 }], 100)).toBe(true);
    // Sessions before the day opened do not count.
    expect(dayDoneBySessions(day('y'), sessions, 200)).toBe(false);
    expect(dayDoneBySessions(emptyDay(), sessions, 0)).toBe(false);
  });
});
