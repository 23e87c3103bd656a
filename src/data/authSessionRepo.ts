import { db, type AuthSessionRecord, type PneumaDatabase } from './db';
import { withinStorageWait } from './storageWait';

/**
 * The signed-in user's tokens, in one place. supabase-js (the page) owns the session; a
 * copy lives in IndexedDB so the service worker, which cannot read supabase-js's
 * localStorage, can upload. Every write of that copy goes through this module:
 * - the auth service saves what supabase-js hands it (`saveAuthSession`);
 * - the outbox saves the tokens of its own refresh (`saveRefreshedAuthSession`);
 * - before supabase-js starts, the page adopts tokens the outbox refreshed
 *   (`adoptOutboxRefreshedTokens`), so a rotated refresh token is never used again.
 */
export type StoredAuthSession = Omit<AuthSessionRecord, 'key' | 'updatedBy'>;

const KEY = 'current';

/** Saves tokens obtained by the page (supabase-js). */
export async function saveAuthSession(session: StoredAuthSession): Promise<void> {
  await db.authSession.put({ ...session, key: KEY, updatedBy: 'page' });
}

/**
 * Saves tokens refreshed during an outbox run. `by` says who refreshed: 'page' when the
 * refresh went through supabase-js (which already holds the new tokens), 'outbox' when
 * the outbox used the refresh token itself; then supabase-js must adopt them later.
 */
export async function saveRefreshedAuthSession(
  session: StoredAuthSession,
  by: AuthSessionRecord['updatedBy'],
  database: PneumaDatabase = db,
): Promise<void> {
  await database.authSession.put({ ...toStored(session), key: KEY, updatedBy: by });
}

export async function getAuthSession(database: PneumaDatabase = db): Promise<StoredAuthSession | undefined> {
  const row = await database.authSession.get(KEY);
  return row ? toStored(row) : undefined;
}

export async function clearAuthSession(): Promise<void> {
  await db.authSession.delete(KEY);
}

/** Who is signed in, without the tokens (safe to hand to UI). */
export async function getSignedInUser(): Promise<{ userId: string; email: string } | undefined> {
  const s = await getAuthSession();
  return s ? { userId: s.userId, email: s.email } : undefined;
}

function toStored(s: StoredAuthSession): StoredAuthSession {
  return {
    accessToken: s.accessToken,
    refreshToken: s.refreshToken,
    expiresAt: s.expiresAt,
    userId: s.userId,
    email: s.email,
  };
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

/** The part of localStorage that adopting tokens needs (tests pass a map). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** supabase-js's default storage key for a project URL. */
export function supabaseStorageKey(supabaseUrl: string): string {
  return `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`;
}

/** The page's localStorage; undefined in the service worker (which has none). */
function pageStorage(): KeyValueStorage | undefined {
  return (globalThis as { localStorage?: KeyValueStorage }).localStorage;
}

/** supabase-js's stored session, as far as adopting tokens reads it. */
interface SupabaseStoredSession {
  refresh_token?: string;
  user?: { id?: string };
  [k: string]: unknown;
}

/**
 * When the outbox refreshed the tokens itself (in the service worker, with no page open),
 * supabase-js still holds the old, now rotated, refresh token in its storage. Using it
 * again would make the server end the session (refresh-token reuse detection). Call this
 * before supabase-js is created: it copies the newer tokens into supabase-js's storage.
 * Only the same user's session is updated; a different sign-in since then wins.
 * Returns true when tokens were adopted.
 */
export async function adoptOutboxRefreshedTokens(
  supabaseUrl: string,
  storage: KeyValueStorage | undefined = pageStorage(),
  nowSeconds: number = Math.floor(Date.now() / 1000),
): Promise<boolean> {
  if (!storage) return false;
  try {
    // Bounded: supabase-js (and with it sign-in and sign-up) waits on this read.
    const row = await withinStorageWait(db.authSession.get(KEY), 'read the stored sign-in');
    if (!row || row.updatedBy !== 'outbox') return false;
    const key = supabaseStorageKey(supabaseUrl);
    const raw = storage.getItem(key);
    if (!raw) return false;
    const stored = JSON.parse(raw) as SupabaseStoredSession;
    if (stored.user?.id !== row.userId) return false;
    if (stored.refresh_token !== row.refreshToken) {
      storage.setItem(key, JSON.stringify(withTokens(stored, row, nowSeconds)));
    }
    await withinStorageWait(db.authSession.update(KEY, { updatedBy: 'page' }), 'mark the sign-in adopted');
    return true;
  } catch {
    return false; // unreadable or unanswering storage: supabase-js proceeds with what it has
  }
}

function withTokens(stored: SupabaseStoredSession, row: StoredAuthSession, nowSeconds: number) {
  return {
    ...stored,
    access_token: row.accessToken,
    refresh_token: row.refreshToken,
    expires_at: row.expiresAt,
    expires_in: Math.max(0, row.expiresAt - nowSeconds),
    token_type: 'bearer',
  };
}
