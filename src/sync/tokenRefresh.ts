import type { PneumaDatabase } from '../data/db';
import { saveRefreshedAuthSession, type StoredAuthSession } from '../data/authSessionRepo';
import { NO_REFRESH_TOKEN } from './messages';
import type { OutboxConfig } from './outboxTypes';

/** The token grant's answer, as far as the outbox reads it. */
interface TokenGrantBody {
  access_token?: string;
  refresh_token?: string;
  expires_at?: number;
  expires_in?: number;
  user?: { id?: string; email?: string | null };
}

/** Refresh-token grant against the Supabase Auth API (plain fetch). */
async function refreshWithToken(
  config: OutboxConfig,
  current: StoredAuthSession,
  fetchImpl: typeof fetch,
  nowMs: number,
): Promise<StoredAuthSession | null> {
  if (!current.refreshToken) throw new Error(NO_REFRESH_TOKEN);
  const res = await fetchImpl(
    `${config.supabaseUrl.replace(/\/$/, '')}/auth/v1/token?grant_type=refresh_token`,
    {
      method: 'POST',
      headers: { apikey: config.supabaseAnonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ refresh_token: current.refreshToken }),
    },
  );
  if (!res.ok) return null;
  return fromGrant((await res.json()) as TokenGrantBody, current, nowMs);
}

function fromGrant(j: TokenGrantBody, current: StoredAuthSession, nowMs: number): StoredAuthSession | null {
  if (!j.access_token) return null;
  return {
    accessToken: j.access_token,
    refreshToken: j.refresh_token ?? current.refreshToken,
    expiresAt: j.expires_at ?? Math.floor(nowMs / 1000) + (j.expires_in ?? 3600),
    userId: j.user?.id ?? current.userId,
    email: j.user?.email ?? current.email,
  };
}

interface TokenKeeperOptions {
  config: OutboxConfig;
  db: PneumaDatabase;
  fetch: typeof fetch;
  now: () => number;
  /** Refresh through someone else (supabase-js in the page) instead of the grant above. */
  refreshSession?: (current: StoredAuthSession) => Promise<StoredAuthSession | null>;
}

/**
 * The tokens of one outbox run. On a 401 the run may refresh once; the new pair is saved
 * through the auth-session repository, marked with who refreshed it, so supabase-js can
 * adopt a pair the outbox got by itself. A refresh for another user counts as failed.
 */
export class TokenKeeper {
  private auth: StoredAuthSession;
  private refreshed = false;

  constructor(
    private readonly options: TokenKeeperOptions,
    initial: StoredAuthSession,
  ) {
    this.auth = initial;
  }

  get accessToken(): string {
    return this.auth.accessToken;
  }

  /** Refreshes the tokens, at most once per run. True when new tokens are in use. */
  async refreshOnce(): Promise<boolean> {
    if (this.refreshed) return false;
    this.refreshed = true;
    try {
      const next = await this.fetchNewTokens();
      if (!next || next.userId !== this.auth.userId) return false;
      this.auth = next;
      await saveRefreshedAuthSession(next, this.options.refreshSession ? 'page' : 'outbox', this.options.db);
      return true;
    } catch {
      return false;
    }
  }

  private fetchNewTokens(): Promise<StoredAuthSession | null> {
    const { refreshSession, config, fetch, now } = this.options;
    return refreshSession ? refreshSession(this.auth) : refreshWithToken(config, this.auth, fetch, now());
  }
}
