import { describe, expect, it } from 'vitest';
import {
  currentStreak,
  dayKey,
  practiceTimeText,
  minutesPerDay,
  preferredPattern,
  progressStats,
  sessionsInLastDays,
  sessionsPerPattern,
  shiftDayKey,
  stillnessTrend,
  totalMinutes,
  weeklyGoalProgress,
  type StatSession,
} from '../../src/domain/stats';

// Figures the app reads only through progressStats are read here the same way (the date
// matters to none of them).
const through = (sessions: readonly StatSession[], timeZone = 'UTC') =>
  progressStats(sessions, new Date('2026-01-01T00:00:00Z'), timeZone);
const longestBreathHold = (sessions: readonly StatSession[]) => through(sessions).longestBreathHold;
const averageRestlessness = (sessions: readonly StatSession[]) =>
  through(sessions).averageRestlessness;
const longestStreak = (sessions: readonly StatSession[], timeZone: string) =>
  through(sessions, timeZone).longestStreak;

const s = (createdAt: string, patch: Partial<StatSession> = {}): StatSession => ({
  patternName: 'Box Breathing',
  createdAt,
  duration: 60,
  ...patch,
});

describe('totals', () => {
  it('total minutes = floor(sum of seconds / 60), 5 s when duration is missing', () => {
    expect(totalMinutes([])).toBe(0);
    expect(totalMinutes([s('2026-01-01T00:00:00Z', { duration: 59 })])).toBe(0);
    expect(totalMinutes([s('2026-01-01T00:00:00Z', { duration: 60 })])).toBe(1);
    expect(totalMinutes([s('2026-01-01T00:00:00Z', { duration: 119 })])).toBe(1);
    expect(
      totalMinutes([
        s('2026-01-01T00:00:00Z', { duration: 55 }),
        s('2026-01-01T00:00:00Z', { duration: null }),
      ]),
    ).toBe(1);
    expect(
      totalMinutes([
        s('2026-01-01T00:00:00Z', { duration: 54 }),
        s('2026-01-01T00:00:00Z', { duration: undefined }),
      ]),
    ).toBe(0);
  });
  it('longest breath hold ignores missing values; undefined when none', () => {
    expect(longestBreathHold([s('x'), s('y', { breathHoldTime: 0 })])).toBeUndefined();
    expect(
      longestBreathHold([
        s('x', { breathHoldTime: 12.5 }),
        s('y', { breathHoldTime: 40 }),
        s('z', { breathHoldTime: Number.NaN }),
      ]),
    ).toBe(40);
  });
  it('average restlessness is rounded and only over measured sessions', () => {
    expect(averageRestlessness([s('x'), s('y')])).toBeUndefined();
    expect(
      averageRestlessness([
        s('x', { restlessnessScore: 20 }),
        s('y'),
        s('z', { restlessnessScore: 25 }),
      ]),
    ).toBe(23); // 22.5 -> 23
    expect(averageRestlessness([s('x', { restlessnessScore: 0 })])).toBe(0);
  });
  it('preferred pattern = most used; ties go to the most recent', () => {
    expect(preferredPattern([])).toBeUndefined();
    const h = [
      s('2026-01-01T10:00:00Z', { patternName: 'A' }),
      s('2026-01-02T10:00:00Z', { patternName: 'B' }),
      s('2026-01-03T10:00:00Z', { patternName: 'A' }),
      s('2026-01-04T10:00:00Z', { patternName: 'B' }),
      s('2026-01-05T10:00:00Z', { patternName: 'C' }),
    ];
    expect(preferredPattern(h)).toBe('B');
    expect(sessionsPerPattern(h)).toEqual([
      { patternName: 'B', count: 2 },
      { patternName: 'A', count: 2 },
      { patternName: 'C', count: 1 },
    ]);
  });
});

describe('week window and weekly goal', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  it('counts sessions in (now - 7 days, now]', () => {
    const h = [
      s('2026-03-03T12:00:00.000Z'), // exactly 7 days ago: outside
      s('2026-03-03T12:00:00.001Z'), // just inside
      s('2026-03-10T12:00:00.000Z'), // now: inside
      s('2026-03-10T12:00:00.001Z'), // future: outside
    ];
    expect(sessionsInLastDays(h, now)).toBe(2);
  });
  it('weekly goal = sessions in last 7 days / 7, capped at 100', () => {
    const day = (i: number) => s(new Date(now.getTime() - i * 3600_000).toISOString());
    expect(weeklyGoalProgress([], now)).toBe(0);
    expect(weeklyGoalProgress([day(1)], now)).toBe(14);
    expect(
      weeklyGoalProgress(
        Array.from({ length: 6 }, (_, i) => day(i)),
        now,
      ),
    ).toBe(86);
    expect(
      weeklyGoalProgress(
        Array.from({ length: 7 }, (_, i) => day(i)),
        now,
      ),
    ).toBe(100);
    expect(
      weeklyGoalProgress(
        Array.from({ length: 12 }, (_, i) => day(i)),
        now,
      ),
    ).toBe(100);
  });
});

describe('calendar days in a time zone', () => {
  it('keys a day in the given zone', () => {
    const t = new Date('2026-03-10T23:30:00Z');
    expect(dayKey(t, 'UTC')).toBe('2026-03-10');
    expect(dayKey(t, 'Europe/Paris')).toBe('2026-03-11');
    expect(dayKey(t, 'America/Los_Angeles')).toBe('2026-03-10');
    expect(dayKey(new Date('2026-03-10T05:00:00Z'), 'America/Los_Angeles')).toBe('2026-03-09');
  });
  it('shifts day keys across months, years and DST', () => {
    expect(shiftDayKey('2026-03-01', -1)).toBe('2026-02-28');
    expect(shiftDayKey('2024-03-01', -1)).toBe('2024-02-29');
    expect(shiftDayKey('2026-01-01', -1)).toBe('2025-12-31');
    expect(shiftDayKey('2026-03-29', 1)).toBe('2026-03-30');
  });
});

describe('streak', () => {
  const tz = 'UTC';
  it('is 0 without history', () => {
    expect(currentStreak([], new Date('2026-03-10T12:00:00Z'), tz)).toBe(0);
  });
  it('counts consecutive days ending today', () => {
    const h = [
      s('2026-03-08T09:00:00Z'),
      s('2026-03-09T09:00:00Z'),
      s('2026-03-10T09:00:00Z'),
      s('2026-03-10T10:00:00Z'),
    ];
    expect(currentStreak(h, new Date('2026-03-10T12:00:00Z'), tz)).toBe(3);
  });
  it('still counts when the last day was yesterday, and drops to 0 after a missed day', () => {
    const h = [s('2026-03-08T09:00:00Z'), s('2026-03-09T09:00:00Z')];
    expect(currentStreak(h, new Date('2026-03-10T23:59:59Z'), tz)).toBe(2);
    expect(currentStreak(h, new Date('2026-03-11T00:00:00Z'), tz)).toBe(0);
  });
  it('a gap breaks the run', () => {
    const h = [s('2026-03-07T09:00:00Z'), s('2026-03-09T09:00:00Z'), s('2026-03-10T09:00:00Z')];
    expect(currentStreak(h, new Date('2026-03-10T12:00:00Z'), tz)).toBe(2);
    expect(longestStreak(h, tz)).toBe(2);
  });
  it('sessions just before and after midnight are two days', () => {
    const h = [s('2026-03-09T23:59:00Z'), s('2026-03-10T00:01:00Z')];
    expect(currentStreak(h, new Date('2026-03-10T08:00:00Z'), tz)).toBe(2);
  });
  it('depends on the time zone: the same instants are two days in New York, one in UTC', () => {
    // 2026-03-10 02:00Z and 04:30Z are 22:00 and 00:30 in New York (UTC-4 after DST).
    const h = [s('2026-03-10T02:00:00Z'), s('2026-03-10T04:30:00Z')];
    const now = new Date('2026-03-10T12:00:00Z');
    expect(currentStreak(h, now, 'UTC')).toBe(1);
    expect(currentStreak(h, now, 'America/New_York')).toBe(2);
    // Tokyo (UTC+9): both on the 10th, and "today" is the 10th there too
    expect(currentStreak(h, now, 'Asia/Tokyo')).toBe(1);
  });
  it('"today" is the user\'s today: late evening in Los Angeles is already tomorrow in UTC', () => {
    const h = [s('2026-03-09T20:00:00Z'), s('2026-03-10T20:00:00Z')];
    const now = new Date('2026-03-11T06:00:00Z'); // 23:00 on the 10th in LA
    expect(currentStreak(h, now, 'America/Los_Angeles')).toBe(2);
    expect(currentStreak(h, now, 'UTC')).toBe(2); // 11th in UTC: yesterday counts
    expect(currentStreak(h, new Date('2026-03-12T06:00:00Z'), 'America/Los_Angeles')).toBe(2);
    expect(currentStreak(h, new Date('2026-03-12T06:00:00Z'), 'UTC')).toBe(0);
  });
  it('spans the DST change without losing a day', () => {
    // US DST began 2026-03-08; days 7, 8, 9 at 12:00 local
    const h = [s('2026-03-07T17:00:00Z'), s('2026-03-08T16:00:00Z'), s('2026-03-09T16:00:00Z')];
    expect(currentStreak(h, new Date('2026-03-09T20:00:00Z'), 'America/New_York')).toBe(3);
  });
  it('skips rows with unreadable dates instead of crashing', () => {
    expect(
      currentStreak(
        [s('not a date'), s('2026-03-10T09:00:00Z')],
        new Date('2026-03-10T12:00:00Z'),
        tz,
      ),
    ).toBe(1);
  });
});

describe('charts data', () => {
  it('minutes per day covers the last 30 days, oldest first, today last', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    const days = minutesPerDay(
      [
        s('2026-03-10T08:00:00Z', { duration: 90 }),
        s('2026-03-10T09:00:00Z', { duration: 30 }),
        s('2026-02-09T08:00:00Z', { duration: 600 }),
        s('2026-02-08T08:00:00Z', { duration: 600 }),
      ],
      now,
      'UTC',
    );
    expect(days).toHaveLength(30);
    expect(days[0]).toEqual({ date: '2026-02-09', minutes: 10, sessions: 1 });
    expect(days[29]).toEqual({ date: '2026-03-10', minutes: 2, sessions: 2 });
    expect(days.reduce((a, d) => a + d.sessions, 0)).toBe(3); // Feb 8 is outside
  });
  it('stillness trend uses camera sessions only, oldest first', () => {
    const h = [
      s('2026-03-10T08:00:00Z', { cameraUsed: true, stillnessScore: 81.6 }),
      s('2026-03-09T08:00:00Z', { cameraUsed: true, restlessnessScore: 30 }),
      s('2026-03-08T08:00:00Z', { cameraUsed: false, stillnessScore: 50 }),
      s('2026-03-07T08:00:00Z', { cameraUsed: true }),
    ];
    expect(stillnessTrend(h, 'UTC').map((p) => [p.date, p.stillness])).toEqual([
      ['2026-03-09', 70],
      ['2026-03-10', 82],
    ]);
    expect(stillnessTrend([s('2026-03-10T08:00:00Z')], 'UTC')).toEqual([]);
  });
});

describe('practice time as a person reads it (issue 44)', () => {
  it('shows seconds under a minute, never "0 minutes" after 33 s', () => {
    expect(practiceTimeText(33)).toBe('33 s');
    expect(
      practiceTimeText(
        progressStats(
          [{ patternName: 'Box', createdAt: '2026-03-10T08:00:00Z', duration: 33 }],
          new Date('2026-03-10T12:00:00Z'),
          'UTC',
        ).totalSeconds,
      ),
    ).toBe('33 s');
    expect(practiceTimeText(90)).toBe('1 min');
    expect(practiceTimeText(3600)).toBe('1 h');
    expect(practiceTimeText(3725)).toBe('1 h 2 min');
  });
});

describe('progressStats and formatting', () => {
  it('puts it all together', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    const st = progressStats(
      [
        s('2026-03-10T08:00:00Z', { duration: 130, breathHoldTime: 20 }),
        s('2026-03-09T08:00:00Z', { duration: 50, patternName: 'Triangle' }),
      ],
      now,
      'UTC',
    );
    expect(st).toEqual({
      totalSessions: 2,
      totalMinutes: 3,
      totalSeconds: 180,
      thisWeek: 2,
      currentStreak: 2,
      longestStreak: 2,
      longestBreathHold: 20,
      averageRestlessness: undefined,
      preferredPattern: 'Box Breathing',
      weeklyGoalProgress: 29,
    });
  });
});
