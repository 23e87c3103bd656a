import { db, type AuthSessionRecord } from './db';

/**
 * The signed-in user's tokens, mirrored from supabase-js so the service worker (which
 * cannot read supabase-js's localStorage) can upload. Written by the auth feature on
 * every auth state change; rewritten by the outbox after a token refresh.
 */
export type StoredAuthSession = Omit<AuthSessionRecord, 'key'>;

/** Saves tokens obtained by the page (supabase-js). */
export async function saveAuthSession(session: StoredAuthSession): Promise<void> {
  await db.authSession.put({ ...session, key: 'current', updatedBy: 'page' });
}

export async function getAuthSession(): Promise<StoredAuthSession | undefined> {
  const row = await db.authSession.get('current');
  if (!row) return undefined;
  const { key: _key, updatedBy: _by, ...rest } = row;
  return rest;
}

export async function clearAuthSession(): Promise<void> {
  await db.authSession.delete('current');
}

/** Who is signed in, without the tokens (safe to hand to UI). */
export async function getSignedInUser(): Promise<{ userId: string; email: string } | undefined> {
  const s = await getAuthSession();
  return s ? { userId: s.userId, email: s.email } : undefined;
}

/**
 * Maps a supabase-js Session (or null) to what is stored here. Kept structural so this
 * module does not depend on supabase-js. Pass the result to saveAuthSession, or call
 * clearAuthSession on null.
 */
export function fromSupabaseSession(s: {
  access_token: string;
  refresh_token: string;
  expires_at?: number;
  expires_in?: number;
  user: { id: string; email?: string | null };
}, nowSeconds: number = Math.floor(Date.now() / 1000)): StoredAuthSession {
  return {
    accessToken: s.access_token,
    refreshToken: s.refresh_token,
    expiresAt: s.expires_at ?? nowSeconds + (s.expires_in ?? 3600),
    userId: s.user.id,
    email: s.user.email ?? '',
  };
}
