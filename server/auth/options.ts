import type { Db } from '../db/types';
import type { RateLimit, RateLimiter } from '../rate-limit';
import type { Secrets } from '../secrets';

export interface AuthOptions {
  db: Db;
  secrets: Secrets;
  /** Access-token lifetime in seconds. */
  jwtExpSeconds: number;
  signupLimit: RateLimit;
  tokenLimit: RateLimit;
  trustProxy: boolean;
  /**
   * A refresh token rotated less than this many seconds ago may be presented again
   * (the page and the service worker refreshing at once): it gets a new token for the
   * same session instead of ending it. Hosted Supabase uses 10 s. 0 = strict.
   */
  refreshReuseSeconds: number;
}

/** What every /auth/v1 handler receives: the options plus the per-server rate limiters. */
export interface AuthDeps extends AuthOptions {
  signupLimiter: RateLimiter;
  tokenLimiter: RateLimiter;
}
