// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The community client's edge (issue 28 item 5): a post whose pattern name is an object
 * (the red team's row, written through /rest/v1 before the database refused it) used to reach
 * the page and crash it for every member. communityApi now leaves out each malformed item of the
 * timeline, the caller's posts, the challenges and the trending list. Real fetch answers from
 * a stub server function; does not prove the page's rendering (the e2e community spec does).
 */
vi.mock('../../src/backend/supabaseClient', () => ({
  getSupabase: async () => ({ auth: { getSession: async () => ({ data: { session: { access_token: 'token' } } }) } }),
}));

const { setConfigForTests } = await import('../../src/backend/config');
const { communityApi } = await import('../../src/backend/api/communityApi');

const post = (id: string, pattern: unknown) => ({
  id,
  type: 'BREATHING_SESSION',
  content: 'A calm evening',
  createdAt: '2026-11-27T08:00:00.000Z',
  author: { id: 'u1', name: 'Ada' },
  pattern,
  session: null,
  stats: { reactions: 0, comments: 0 },
  viewer: { isOwn: false, reacted: false, followsAuthor: false },
  lensPostId: null,
});

function answer(path: string): unknown {
  if (path.endsWith('/social/timeline'))
    return { items: [post('bad', { name: { $gt: '' } }), post('good', { id: 'box', name: 'Box Breathing' })], nextCursor: null };
  if (path.endsWith('/social/posts/mine'))
    return { totals: { posts: 2, reactions: 0, comments: 0 }, items: [post('mine', { name: 'Mine' }), post('x', 'text')] };
  if (path.endsWith('/patterns/trending'))
    return { windowDays: 7, patterns: [{ id: 'box', name: { evil: 1 }, pattern: null, sessions: 1, shares: 0, people: 1 }, { id: 'coherent', name: 'Coherent Breathing', pattern: null, sessions: 1, shares: 0, people: 1 }] };
  return {};
}

beforeEach(() => {
  setConfigForTests({ supabaseUrl: 'http://127.0.0.1:9', supabaseAnonKey: 'anon', apiUrl: 'http://127.0.0.1:9' });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    return new Response(JSON.stringify(answer(url.pathname)), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  setConfigForTests(null);
});

describe('communityApi leaves out malformed community items', () => {
  it('timeline, my posts and trending keep only well-formed items', async () => {
    expect((await communityApi.timeline()).items.map((p) => p.id)).toEqual(['good']);
    expect((await communityApi.myPosts()).items.map((p) => p.id)).toEqual(['mine']);
    expect((await communityApi.trending()).patterns.map((p) => p.name)).toEqual(['Coherent Breathing']);
  });
});
