import { describe, expect, it } from 'vitest';
import { wellFormedChallenges, wellFormedPosts, wellFormedTrending } from '../../../src/contracts/communityAnswerSchemas';

/**
 * The community page's edge (issue 28 item 5): a post, challenge or trending pattern read
 * from the server is checked before anything renders it, and a malformed one is left out.
 * The malformed rows are the ones the red team wrote through /rest/v1 (a pattern name that
 * is an object) and others of the same family. Does not prove the page renders the rest
 * (the e2e community spec does) nor cover every field of every answer.
 */
const post = (over: Record<string, unknown> = {}) => ({
  id: 'p1',
  type: 'BREATHING_SESSION',
  content: 'A calm evening',
  createdAt: '2026-11-27T08:00:00.000Z',
  author: { id: 'u1', name: 'Ada' },
  pattern: { id: 'box', name: 'Box Breathing', inhale: 4, hold: 4, exhale: 4, holdAfterExhale: 4 },
  session: null,
  stats: { reactions: 0, comments: 0 },
  viewer: { isOwn: false, reacted: false, followsAuthor: false },
  lensPostId: null,
  ...over,
});

describe('wellFormedPosts', () => {
  it('keeps good posts and leaves out each malformed one', () => {
    const bad = [
      post({ id: 'obj', pattern: { name: { $gt: '' } } }),
      post({ id: 'none', pattern: null }),
      post({ id: 'arr', pattern: ['x'] }),
      post({ id: 'num', pattern: { name: 'x', inhale: 'four' } }),
      post({ id: 'content', content: { html: '<b>' } }),
      post({ id: 'author', author: { id: 'u', name: 42 } }),
      post({ id: 'session', session: { durationSeconds: 'long', cycles: 1 } }),
      'not an object',
      null,
    ];
    const good = [post({ id: 'g1' }), post({ id: 'g2', session: { durationSeconds: 300, cycles: 10 } })];
    expect(wellFormedPosts([bad[0], good[0], ...bad.slice(1), good[1]]).map((p) => p.id)).toEqual(['g1', 'g2']);
  });

  it('an answer that is not a list is no posts', () => {
    expect(wellFormedPosts(undefined)).toEqual([]);
    expect(wellFormedPosts({ items: [] })).toEqual([]);
  });
});

describe('challenges and trending patterns', () => {
  it('leave out the malformed ones', () => {
    const challenge = {
      id: 'c', pattern: { name: 'Box Breathing' }, duration: 300, targetSessions: 7, participants: 1,
      posts: 1, startsAt: 'a', endsAt: 'b', isActive: true, yourSessions: 0,
    };
    expect(wellFormedChallenges([challenge, { ...challenge, pattern: { name: {} } }])).toHaveLength(1);
    const trending = { id: 'box', name: 'Box Breathing', pattern: null, sessions: 3, shares: 0, people: 2 };
    expect(wellFormedTrending([trending, { ...trending, name: { x: 1 } }, { ...trending, pattern: { name: 7 } }])).toEqual([trending]);
  });
});
