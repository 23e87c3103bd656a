import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * The instructor side's table reads go through the one client (backend/api/restTables.ts):
 * checked here are the PostgREST queries they send and the token they read with, against a
 * fetch stub. Not proved here: that the real server answers them (e2e/instructor.spec.ts)
 * nor its row-level security (tests/server).
 */
const getSupabase = vi.fn();
vi.mock('../../../src/backend/supabaseClient', () => ({ getSupabase: () => getSupabase() }));
const { setConfigForTests } = await import('../../../src/backend/config');
const { fetchCourse, fetchProfiles, fetchPublishedCourses } =
  await import('../../../src/features/instructor/api');

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

function stubServer(session: { access_token: string } | null) {
  getSupabase.mockResolvedValue({ auth: { getSession: async () => ({ data: { session } }) } });
  setConfigForTests({
    supabaseUrl: 'http://backend.test',
    supabaseAnonKey: 'anon',
    apiUrl: 'http://backend.test',
  });
  const seen: { url: URL; auth: string | null }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    seen.push({
      url: new URL(String(input)),
      auth: new Headers(init?.headers).get('authorization'),
    });
    return new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return seen;
}

afterEach(() => {
  vi.unstubAllGlobals();
  setConfigForTests(null);
  getSupabase.mockReset();
});

describe('instructor reads', () => {
  it('an address that is not a UUID names no course and no instructor, without asking the server', async () => {
    await expect(fetchCourse('abc')).resolves.toBeNull();
    await expect(fetchProfiles(['abc', '../x'])).resolves.toEqual(new Map());
    expect(getSupabase).not.toHaveBeenCalled();
  });

  it("reads published courses and profiles from their tables, with the member's token", async () => {
    const seen = stubServer({ access_token: 'member-token' });
    await fetchPublishedCourses(A);
    await fetchProfiles([A, B, A]);
    expect(
      seen.map((r) => [r.url.pathname, Object.fromEntries(r.url.searchParams), r.auth]),
    ).toEqual([
      [
        '/rest/v1/courses',
        {
          select: '*',
          status: 'eq.published',
          deleted_at: 'is.null',
          instructor_id: `eq.${A}`,
          order: 'published_at.desc',
          limit: '50',
        },
        'Bearer member-token',
      ],
      [
        '/rest/v1/instructor_profiles',
        { select: '*', user_id: `in.(${A},${B})` },
        'Bearer member-token',
      ],
    ]);
  });

  it('a guest reads as the public role (the public key as the bearer)', async () => {
    const seen = stubServer(null);
    await fetchCourse(A);
    expect(seen.map((r) => [r.url.search, r.auth])).toEqual([
      [`?select=*&id=eq.${A}&limit=1`, 'Bearer anon'],
    ]);
  });
});
