import { describe, expect, it } from 'vitest';
import { quickTemplates, smartTemplates } from '../../../src/domain/share/postTemplates';
import { POST_CHAR_LIMIT, postCharCount } from '../../../src/domain/share/postText';
import { shareStats, type ShareSession } from '../../../src/domain/share/shareStats';

const NOW = new Date('2026-11-20T12:00:00Z');
let n = 0;
function history(count: number, over: (i: number) => Partial<ShareSession> = () => ({})): ShareSession[] {
  return Array.from({ length: count }, (_, i) => {
    n += 1;
    return {
      id: `t${n}`,
      patternId: 'box',
      patternName: 'Box Breathing',
      // one a day, the newest today
      createdAt: new Date(NOW.getTime() - i * 86_400_000).toISOString(),
      duration: 60,
      ...over(i),
    };
  });
}
const ids = (sessions: ShareSession[]) => smartTemplates(shareStats(sessions, NOW, 'UTC')).map((t) => `${t.id}:${t.priority}`);

describe('Smart Templates follow their rules', () => {
  it('a first session gets the high-priority first-session template, first', () => {
    const t = smartTemplates(shareStats(history(1, () => ({ duration: 160 })), NOW, 'UTC'));
    expect(t[0]).toMatchObject({ id: 'first-session', priority: 'high' });
    expect(t[0]!.text).toBe('I just finished my first guided breathing session: Box Breathing, 2:40. A calm start.');
    expect(ids(history(2))).not.toContain('first-session:high');
  });

  it('the session-success template needs a measured score of 80 or more', () => {
    expect(ids(history(2, (i) => (i === 0 ? { qualityScore: 80 } : {})))).toContain('session-success:high');
    expect(ids(history(2, (i) => (i === 0 ? { qualityScore: 79 } : {})))).not.toContain('session-success:high');
    expect(ids(history(2))).not.toContain('session-success:high'); // nothing measured: no score claimed
  });

  it('minute milestones at 30, 60, 120 and 300; high priority when the last session crossed it', () => {
    // The milestone template of a history of one session this many minutes long.
    const minuteMilestone = (minutes: number) => {
      const t = smartTemplates(shareStats(history(1, () => ({ duration: minutes * 60 })), NOW, 'UTC'));
      const id = t.find((x) => x.id.startsWith('minutes-'))?.id;
      return id === undefined ? undefined : Number(id.slice('minutes-'.length));
    };
    expect([29, 30, 59, 60, 119, 120, 299, 300, 5000].map(minuteMilestone)).toEqual([undefined, 30, 30, 60, 60, 120, 120, 300, 300]);
    // 2 x 15 min: the second crosses 30.
    expect(ids(history(2, () => ({ duration: 900 })))).toContain('minutes-30:high');
    // 3 x 15 min = 45: 30 was reached before the last one.
    expect(ids(history(3, () => ({ duration: 900 })))).toContain('minutes-30:medium');
    expect(ids(history(1, () => ({ duration: 1700 })))).not.toContain('minutes-30:high');
  });

  it('a streak milestone at every multiple of 7 days', () => {
    expect(ids(history(7))).toContain('streak-7:high');
    expect(ids(history(14))).toContain('streak-14:high');
    expect(ids(history(6))).toContain('streak:medium');
    expect(ids(history(6)).some((t) => t.startsWith('streak-'))).toBe(false);
  });

  it('level-ups at 5 and 20 sessions', () => {
    expect(ids(history(5))).toContain('level-intermediate:medium');
    expect(ids(history(20))).toContain('level-advanced:medium');
    expect(ids(history(6)).some((t) => t.startsWith('level-'))).toBe(false);
  });

  it('sorted high, medium, low; mobile offers three; every text fits a post', () => {
    for (const count of [1, 2, 5, 7, 20, 40]) {
      const t = smartTemplates(shareStats(history(count, (i) => ({ qualityScore: 85, duration: 600 + i })), NOW, 'UTC'));
      const rank = t.map((x) => ({ high: 0, medium: 1, low: 2 })[x.priority]);
      expect([...rank].sort()).toEqual(rank);
      expect(t.length).toBeGreaterThanOrEqual(3);
      for (const x of t) expect(postCharCount(x.text)).toBeLessThanOrEqual(POST_CHAR_LIMIT);
      expect(quickTemplates(shareStats(history(count), NOW, 'UTC'))).toHaveLength(3);
    }
  });

  it('no history, no templates', () => {
    expect(smartTemplates(shareStats([], NOW, 'UTC'))).toEqual([]);
  });
});
