import { describe, expect, it } from 'vitest';
import { postAnalytics } from '../../../src/domain/share/postAnalytics';
import {
  patternToTry,
  sharedPatternOf,
  sharedSessionOf,
  sharedTimingLabel,
} from '../../../src/domain/share/sharedPattern';

describe('what a post carries', () => {
  it('a built-in pattern with its catalogue timings; a custom one with its own; else the name only', () => {
    expect(sharedPatternOf({ patternId: 'box', patternName: 'Box Breathing' })).toEqual({
      id: 'box',
      name: 'Box Breathing',
      inhale: 4,
      hold: 4,
      exhale: 4,
      holdAfterExhale: 4,
    });
    const custom = {
      id: 'c-1',
      name: 'Triangle',
      inhale: 3,
      hold: 2,
      exhale: 3,
      hold_after_exhale: 1,
    };
    expect(sharedPatternOf({ patternId: 'c-1', patternName: 'Triangle' }, custom)).toEqual({
      id: 'c-1',
      name: 'Triangle',
      inhale: 3,
      hold: 2,
      exhale: 3,
      holdAfterExhale: 1,
    });
    expect(sharedPatternOf({ patternId: 'gone', patternName: 'Deleted one' })).toEqual({
      id: 'gone',
      name: 'Deleted one',
    });
  });

  it('the session summary holds only measured figures', () => {
    const base = {
      id: 's',
      patternName: 'Box',
      createdAt: '2026-11-20T10:00:00.000Z',
      duration: 159.6,
      cycleCount: 10,
      targetCycles: 10,
      sessionType: 'classic' as const,
    };
    expect(sharedSessionOf(base)).toEqual({
      durationSeconds: 160,
      cycles: 10,
      targetCycles: 10,
      mode: 'classic',
      completedAt: base.createdAt,
    });
    expect(sharedSessionOf({ ...base, qualityScore: 94.4 }).qualityScore).toBeUndefined();
    expect(sharedSessionOf({ ...base, qualityScore: 94.4 }, { withScore: true }).qualityScore).toBe(
      94,
    );
  });

  it('"Try this pattern": by catalogue id, or with breathable shared timings; never with broken ones', () => {
    expect(patternToTry({ id: 'sleep', name: 'Sleep' })).toEqual({
      kind: 'catalogue',
      id: 'sleep',
    });
    expect(
      patternToTry({
        id: 'c-1',
        name: 'Triangle',
        inhale: 3,
        hold: 2,
        exhale: 3,
        holdAfterExhale: 1,
      }),
    ).toEqual({
      kind: 'timings',
      pattern: { id: 'c-1', name: 'Triangle', inhale: 3, hold: 2, exhale: 3, hold_after_exhale: 1 },
    });
    expect(patternToTry({ name: 'Name only' })).toBeNull();
    expect(patternToTry({ name: 'Broken', inhale: 0, exhale: 4 })).toBeNull();
    expect(patternToTry({ name: 'Too long', inhale: 4, exhale: 500 })).toBeNull();
    expect(sharedTimingLabel({ name: 'x', inhale: 4, exhale: 6 })).toBe('4-0-6-0');
    expect(sharedTimingLabel({ name: 'x' })).toBeUndefined();
  });
});

describe('analytics of one’s own posts', () => {
  it('totals, responses per post, the best post and optimal versus other times', () => {
    const morning = new Date(2026, 10, 23, 8).toISOString(); // Monday 8 AM: optimal
    const night = new Date(2026, 10, 23, 23).toISOString();
    const a = postAnalytics([
      { id: '1', content: 'a', createdAt: morning, reactions: 4, comments: 2 },
      { id: '2', content: 'b', createdAt: night, reactions: 1, comments: 0 },
      { id: '3', content: 'c', createdAt: night, reactions: 0, comments: 0 },
    ]);
    expect(a).toMatchObject({
      posts: 3,
      reactions: 5,
      comments: 2,
      perPost: 2.3,
      atOptimalTimes: { posts: 1, perPost: 6 },
      otherTimes: { posts: 2, perPost: 0.5 },
    });
    expect(a.best?.id).toBe('1');
    expect(postAnalytics([])).toMatchObject({ posts: 0, perPost: undefined, best: undefined });
  });
});
