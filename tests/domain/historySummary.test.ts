import { describe, expect, it } from 'vitest';
import {
  mostUsedPattern,
  patternUsage,
  summarizeHistory,
  userLevel,
  type HistoryItem,
} from '../../src/domain/historySummary';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const DAY = 86_400_000;
const at = (msAgo: number) => new Date(NOW - msAgo).toISOString();
// The pieces are read as the app reads them: through summarizeHistory.
const summary = (h: readonly HistoryItem[], now: Date | number = NOW) => summarizeHistory(h, now);
const isFirstSession = (h: readonly HistoryItem[]) => summary(h).isFirstSession;
const sessionsThisWeek = (h: readonly HistoryItem[], now: Date | number) => summary(h, now).thisWeek;
const favoritePatternName = (h: readonly HistoryItem[]) => summary(h).favoritePattern;
const s = (patternId: string, patternName: string, msAgo: number): HistoryItem => ({
  patternId,
  patternName,
  createdAt: at(msAgo),
});

describe('user level', () => {
  it.each([
    [0, 'beginner'],
    [4, 'beginner'],
    [5, 'intermediate'],
    [19, 'intermediate'],
    [20, 'advanced'],
    [500, 'advanced'],
  ])('%i sessions is %s', (n, level) => expect(userLevel(n)).toBe(level));

  it('rejects a negative or non-finite count', () => {
    expect(() => userLevel(-1)).toThrow(RangeError);
    expect(() => userLevel(Number.NaN)).toThrow(RangeError);
  });

  it('first session only when the history is empty', () => {
    expect(isFirstSession([])).toBe(true);
    expect(isFirstSession([s('box', 'Box Breathing', 0)])).toBe(false);
  });
});

describe('this week (7 days)', () => {
  it('counts sessions created in the last 7 days, not older ones, not future or broken dates', () => {
    const h: HistoryItem[] = [
      s('box', 'Box Breathing', 0),
      s('box', 'Box Breathing', 6 * DAY),
      s('box', 'Box Breathing', 7 * DAY - 1),
      s('box', 'Box Breathing', 7 * DAY),
      s('box', 'Box Breathing', 30 * DAY),
      { patternName: 'x', createdAt: 'not a date' },
      { patternName: 'x', createdAt: new Date(NOW + DAY).toISOString() },
    ];
    expect(sessionsThisWeek(h, NOW)).toBe(3);
    expect(sessionsThisWeek(h, new Date(NOW))).toBe(3);
  });
});

describe('most used and favourite pattern', () => {
  it('is None for an empty history', () => {
    expect(mostUsedPattern([])).toBeNull();
    expect(favoritePatternName([])).toBe('None');
  });

  it('picks the most frequent pattern; ties go to the most recently used', () => {
    const h = [
      s('sleep', 'Sleep Preparation', 1 * DAY),
      s('box', 'Box Breathing', 2 * DAY),
      s('box', 'Box Breathing', 3 * DAY),
      s('sleep', 'Sleep Preparation', 4 * DAY),
      s('relaxation', '4-7-8 Relaxation', 0),
    ];
    expect(mostUsedPattern(h)).toMatchObject({ patternId: 'sleep', count: 2 });
    expect(favoritePatternName(h)).toBe('Sleep Preparation');
    expect(patternUsage(h).map((u) => [u.patternId, u.count])).toEqual([
      ['sleep', 2],
      ['box', 2],
      ['relaxation', 1],
    ]);
    h.push(s('box', 'Box Breathing', 10 * DAY));
    expect(favoritePatternName(h)).toBe('Box Breathing');
  });

  it('groups sessions without an id by name', () => {
    const h: HistoryItem[] = [
      { patternName: 'Old pattern', createdAt: at(0) },
      { patternName: 'Old pattern', createdAt: at(DAY) },
      s('box', 'Box Breathing', 0),
    ];
    expect(favoritePatternName(h)).toBe('Old pattern');
  });
});

describe('summary', () => {
  it('puts the figures of the Your Progress card and the recommendation inputs together', () => {
    const h = [
      s('box', 'Box Breathing', 0),
      s('box', 'Box Breathing', 10 * DAY),
      s('sleep', 'Sleep Preparation', DAY),
    ];
    expect(summarizeHistory(h, NOW)).toMatchObject({
      totalSessions: 3,
      thisWeek: 2,
      favoritePattern: 'Box Breathing',
      userLevel: 'beginner',
      isFirstSession: false,
    });
    expect(summarizeHistory([], NOW)).toMatchObject({
      totalSessions: 0,
      thisWeek: 0,
      favoritePattern: 'None',
      isFirstSession: true,
      mostUsed: null,
    });
  });
});
