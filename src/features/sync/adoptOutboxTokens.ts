import { db } from '../../data/db';

/**
 * When the outbox refreshed the tokens itself (in the service worker, with no page open),
 * supabase-js still holds the old, now rotated, refresh token in localStorage. Using it
 * again would make the server end the session (refresh-token reuse detection). Call this
 * before supabase-js is created: it copies the newer tokens into supabase-js's storage.
 * Returns true when tokens were adopted.
 */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** supabase-js's default storage key for a project URL. */
export function supabaseStorageKey(supabaseUrl: string): string {
  return `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`;
}

export async function adoptOutboxRefreshedTokens(
  supabaseUrl: string,
  storage: KeyValueStorage | undefined = typeof localStorage === 'undefined' ? undefined : localStorage,
  nowSeconds: number = Math.floor(Date.now() / 1000),
): Promise<boolean> {
  if (!storage) return false;
  try {
    const row = await db.authSession.get('current');
    if (!row || row.updatedBy !== 'outbox') return false;
    const key = supabaseStorageKey(supabaseUrl);
    const raw = storage.getItem(key);
    if (!raw) return false;
    const stored = JSON.parse(raw) as {
      refresh_token?: string;
      user?: { id?: string };
      [k: string]: unknown;
    };
    // Only the same user's session is updated; a different sign-in since then wins.
    if (stored.user?.id !== row.userId) return false;
    if (stored.refresh_token !== row.refreshToken) {
      storage.setItem(
        key,
        JSON.stringify({
          ...stored,
          access_token: row.accessToken,
          refresh_token: row.refreshToken,
          expires_at: row.expiresAt,
          expires_in: Math.max(0, row.expiresAt - nowSeconds),
          token_type: 'bearer',
        }),
      );
    }
    await db.authSession.update('current', { updatedBy: 'page' });
    return true;
  } catch {
    return false; // unreadable storage: supabase-js proceeds with what it has
  }
}
