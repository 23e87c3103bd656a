import type { Db } from '../db/types';
import type { Limits } from '../limits/limiter';
import type { Mailer } from '../mail/mailer';
import type { ProxyTrust } from '../net/client-address';
import type { Secrets } from '../secrets';
import type { SessionCheck } from './revocation';

export interface AuthOptions {
  db: Db;
  secrets: Secrets;
  /** Access-token lifetime in seconds. */
  jwtExpSeconds: number;
  /** The server's rate limits (the per-request rules run in app.ts; handlers count per address). */
  limits: Limits;
  /** Open-session check shared with /rest and /api (ending a session tells it). */
  sessions: SessionCheck;
  trust: ProxyTrust;
  mailer: Mailer;
  /** Sign-up needs the emailed confirmation link before the first sign-in. */
  confirmSignup: boolean;
  /** Lifetime of mailed links and codes, in seconds. */
  otpExpirySeconds: number;
  /** Origins a mailed link may send the browser back to, besides the server's own. */
  redirectOrigins: readonly string[];
  /**
   * A refresh token rotated less than this many seconds ago may be presented again
   * (the page and the service worker refreshing at once): it gets a new token for the
   * same session instead of ending it. Hosted Supabase uses 10 s. 0 = strict.
   */
  refreshReuseSeconds: number;
}

/** What every /auth/v1 handler receives. */
export type AuthDeps = AuthOptions;
