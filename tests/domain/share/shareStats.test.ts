import { describe, expect, it } from 'vitest';
import { isShareMilestoneSession } from '../../../src/domain/share/shareMilestone';
import { newestFirst, shareStats, type ShareSession } from '../../../src/domain/share/shareStats';

const NOW = new Date('2026-11-20T12:00:00Z');
const TZ = 'UTC';
let n = 0;
function session(daysAgo: number, over: Partial<ShareSession> = {}): ShareSession {
  n += 1;
  return {
    id: `s${n}`,
    patternId: 'box',
    patternName: 'Box Breathing',
    createdAt: new Date(NOW.getTime() - daysAgo * 86_400_000).toISOString(),
    duration: 160,
    cycleCount: 10,
    targetCycles: 10,
    ...over,
  };
}

describe('shareStats: figures from the user’s own sessions', () => {
  it('counts sessions, minutes, streak, favourite pattern and the weekly goal', () => {
    const sessions = [
      session(0, { qualityScore: 91.6 }),
      session(1),
      session(2, { patternId: 'sleep', patternName: 'Sleep' }),
      session(10, { patternId: 'sleep', patternName: 'Sleep', duration: 600 }),
      session(11),
    ];
    const s = shareStats(sessions, NOW, TZ);
    expect(s).toMatchObject({
      totalSessions: 5,
      totalMinutes: Math.floor((160 * 4 + 600) / 60),
      currentStreak: 3,
      favoritePattern: 'Box Breathing',
      favoritePatternSessions: 3,
      lastSessionScore: 92,
      thisWeek: 3,
      weeklyGoalProgress: 43,
      minutesBeforeLast: Math.floor((160 * 3 + 600) / 60),
    });
    expect(s.lastSession?.id).toBe(sessions[0]!.id);
  });

  it('has no score when the newest session measured none (never a default), and nothing with no history', () => {
    expect(shareStats([session(0, { qualityScore: undefined }), session(1, { qualityScore: 88 })], NOW, TZ).lastSessionScore).toBeUndefined();
    expect(shareStats([], NOW, TZ)).toMatchObject({ totalSessions: 0, totalMinutes: 0, currentStreak: 0, favoritePattern: undefined, weeklyGoalProgress: 0, lastSession: undefined });
  });

  it('orders newest first and puts unreadable dates last', () => {
    const bad = session(0, { createdAt: 'not a date' });
    const a = session(3);
    const b = session(1);
    expect(newestFirst([a, bad, b]).map((s) => s.id)).toEqual([b.id, a.id, bad.id]);
  });
});

describe('the progress prompt after the 3rd session', () => {
  it('is the third session by creation time, and only that one', () => {
    const [s1, s2, s3, s4] = [session(4), session(3), session(2), session(1)];
    const history = [s4!, s2!, s3!, s1!];
    expect(isShareMilestoneSession(history, s3!.id)).toBe(true);
    for (const other of [s1!, s2!, s4!]) expect(isShareMilestoneSession(history, other.id)).toBe(false);
    expect(isShareMilestoneSession([s1!, s2!], s2!.id)).toBe(false);
  });
});
