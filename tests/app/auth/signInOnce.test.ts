// @vitest-environment happy-dom
/**
 * A sign-in reaches the auth store twice (the sign-in screen's adoptSession, then
 * supabase-js's SIGNED_IN event with the same session): the session is stored for the
 * service worker once and the guest's choices are adopted once (issue 29: "a sign-in
 * applies the session once"). A token refresh (a new access token) stores it again.
 *
 * Not proved: the real supabase-js event order (faked here as the documented one), nor
 * IndexedDB (the local-data module is a counting fake).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '@supabase/supabase-js';

const saved: unknown[] = [];
const adopted: string[] = [];
let emit: (event: string, session: Session | null) => void = () => undefined;

vi.mock('../../../src/backend/supabaseClient', () => ({
  getSupabase: async () => ({
    auth: {
      onAuthStateChange: (cb: typeof emit) => {
        emit = cb;
        return { data: { subscription: { unsubscribe() {} } } };
      },
    },
    from: () => ({
      select: () => ({ eq: () => ({ maybeSingle: async () => ({ data: { id: 'u1', role: 'user' }, error: null }) }) }),
    }),
  }),
}));
vi.mock('../../../src/data/loadLocalData', () => ({
  loadLocalData: async () => ({
    fromSupabaseSession: (s: Session) => ({ accessToken: s.access_token }),
    saveAuthSession: async (s: unknown) => void saved.push(s),
    clearAuthSession: async () => undefined,
    getAuthSession: async () => undefined,
  }),
}));
vi.mock('../../../src/sync/personData', () => ({
  adoptGuestChoices: async (userId: string) => void adopted.push(userId),
}));

const { adoptSession, connectAuth } = await import('../../../src/app/auth/authStore');

const session = (token: string) =>
  ({
    access_token: token,
    refresh_token: 'r',
    expires_at: 2_000_000_000,
    user: { id: 'u1', email: 'ada@example.com', user_metadata: {} },
  }) as unknown as Session;

const settle = () => new Promise((r) => setTimeout(r, 20));

describe('a sign-in applies the session once', () => {
  beforeEach(() => {
    saved.length = 0;
    adopted.length = 0;
  });

  it('adoptSession then SIGNED_IN with the same session: stored once, guest choices adopted once', async () => {
    await connectAuth(false);
    await adoptSession(session('t1'));
    emit('SIGNED_IN', session('t1'));
    await settle();
    expect(saved).toEqual([{ accessToken: 't1' }]);
    expect(adopted).toEqual(['u1']);

    // a refreshed token is a new session to store
    emit('TOKEN_REFRESHED', session('t2'));
    await settle();
    expect(saved).toEqual([{ accessToken: 't1' }, { accessToken: 't2' }]);
  });
});
