import { describe, expect, it } from 'vitest';
import { computeAchievements, isUnlocked, type Achievement } from '../../src/domain/achievements';
import type { StatSession } from '../../src/domain/stats';

const day = (i: number, patch: Partial<StatSession> = {}): StatSession => ({
  patternName: 'Box Breathing',
  createdAt: new Date(Date.UTC(2026, 0, 1 + i, 9)).toISOString(),
  duration: 60,
  ...patch,
});
const byId = (list: Achievement[], id: string) => list.find((a) => a.id === id)!;

describe('achievements from history', () => {
  it('lists every rule, all locked with no history', () => {
    const a = computeAchievements([], 'UTC');
    expect(a.map((x) => x.id)).toEqual([
      'first-session',
      'sessions-5',
      'sessions-20',
      'streak-7',
      'minutes-30',
      'minutes-60',
      'minutes-120',
      'minutes-300',
      'hold-30',
      'hold-60',
      'hold-90',
    ]);
    expect(a.every((x) => !isUnlocked(x) && x.progress === 0)).toBe(true);
  });
  it('first session unlocks at the oldest session', () => {
    const a = computeAchievements([day(3), day(1)], 'UTC');
    expect(byId(a, 'first-session')).toMatchObject({
      progress: 1,
      maxProgress: 1,
      unlockedAt: day(1).createdAt,
    });
  });
  it('5 and 20 sessions at their boundaries', () => {
    const four = Array.from({ length: 4 }, (_, i) => day(i));
    expect(byId(computeAchievements(four, 'UTC'), 'sessions-5')).toMatchObject({
      progress: 4,
      unlockedAt: undefined,
    });
    const five = [...four, day(10)];
    expect(byId(computeAchievements(five, 'UTC'), 'sessions-5')).toMatchObject({
      progress: 5,
      unlockedAt: day(10).createdAt,
    });
    const nineteen = Array.from({ length: 19 }, (_, i) => day(i * 2));
    expect(byId(computeAchievements(nineteen, 'UTC'), 'sessions-20')).toMatchObject({
      progress: 19,
      unlockedAt: undefined,
    });
    const twenty = [...nineteen, day(100)];
    expect(byId(computeAchievements(twenty, 'UTC'), 'sessions-20')).toMatchObject({
      progress: 20,
      maxProgress: 20,
      unlockedAt: day(100).createdAt,
    });
  });
  it('7-day streak: 6 days is not enough, 7 in a row unlocks on the 7th day', () => {
    const six = Array.from({ length: 6 }, (_, i) => day(i));
    expect(byId(computeAchievements(six, 'UTC'), 'streak-7')).toMatchObject({
      progress: 6,
      unlockedAt: undefined,
    });
    const broken = [...six, day(7)];
    expect(byId(computeAchievements(broken, 'UTC'), 'streak-7')).toMatchObject({
      progress: 6,
      unlockedAt: undefined,
    });
    const seven = [
      ...six,
      day(6),
      day(6, { createdAt: new Date(Date.UTC(2026, 0, 7, 20)).toISOString() }),
    ];
    expect(byId(computeAchievements(seven, 'UTC'), 'streak-7')).toMatchObject({
      progress: 7,
      unlockedAt: day(6).createdAt,
    });
  });
  it('streak days follow the time zone', () => {
    // 7 sessions at 23:30 UTC on consecutive days are consecutive days in UTC and in Tokyo
    // (08:30 next day), but 7 sessions alternating 23:30 and 00:30 UTC collapse in Tokyo.
    const late = Array.from({ length: 7 }, (_, i) => ({
      ...day(0),
      createdAt: new Date(Date.UTC(2026, 0, 1 + i, 23, 30)).toISOString(),
    }));
    expect(byId(computeAchievements(late, 'Asia/Tokyo'), 'streak-7').unlockedAt).toBeDefined();
    const early = [
      { ...day(0), createdAt: '2026-01-01T14:00:00Z' }, // Jan 1 in LA (06:00)
      { ...day(0), createdAt: '2026-01-02T07:59:00Z' }, // still Jan 1 in LA (23:59)
    ];
    expect(byId(computeAchievements(early, 'America/Los_Angeles'), 'streak-7').progress).toBe(1);
    expect(byId(computeAchievements(early, 'UTC'), 'streak-7').progress).toBe(2);
  });
  it('minute milestones 30/60/120/300 unlock when the running total reaches them', () => {
    const h = [
      day(0, { duration: 29 * 60 + 59 }),
      day(1, { duration: 1 }),
      day(2, { duration: 30 * 60 }),
    ];
    const a = computeAchievements(h, 'UTC');
    expect(byId(a, 'minutes-30')).toMatchObject({ progress: 30, unlockedAt: day(1).createdAt });
    expect(byId(a, 'minutes-60')).toMatchObject({ progress: 60, unlockedAt: day(2).createdAt });
    expect(byId(a, 'minutes-120')).toMatchObject({
      progress: 60,
      maxProgress: 120,
      unlockedAt: undefined,
    });
    expect(byId(a, 'minutes-300')).toMatchObject({ progress: 60, maxProgress: 300 });
  });
  it('breath-hold records unlock at 30, 60 and 90 seconds', () => {
    const a = computeAchievements(
      [
        day(0, { breathHoldTime: 29.9 }),
        day(1, { breathHoldTime: 30 }),
        day(2, { breathHoldTime: 75 }),
      ],
      'UTC',
    );
    expect(byId(a, 'hold-30')).toMatchObject({ progress: 30, unlockedAt: day(1).createdAt });
    expect(byId(a, 'hold-60')).toMatchObject({ progress: 60, unlockedAt: day(2).createdAt });
    expect(byId(a, 'hold-90')).toMatchObject({ progress: 75, unlockedAt: undefined });
  });
});

describe('only completed sessions count (issue 44)', () => {
  it('a session stopped before its target unlocks nothing', () => {
    const a = computeAchievements(
      [day(1, { completed: false, duration: 3600, breathHoldTime: 95 })],
      'UTC',
    );
    expect(a.every((x) => !isUnlocked(x))).toBe(true);
    const b = computeAchievements(
      [day(1, { completed: false }), day(2, { completed: true })],
      'UTC',
    );
    expect(byId(b, 'first-session')).toMatchObject({ progress: 1, unlockedAt: day(2).createdAt });
  });
});
