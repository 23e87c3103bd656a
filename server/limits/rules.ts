/**
 * The abuse limits of every write path (docs/product.md § Backend): one rule per kind of
 * request, each counted per client key (address, user or email address) in a fixed window.
 * limit 0 turns a rule off.
 */
export interface RateLimit {
  limit: number;
  windowMs: number;
}

export const RATE_RULES = {
  /** POST /auth/v1/signup, per client address. */
  signup: { limit: 100, windowMs: 3600_000 },
  /** POST /auth/v1/token (password and refresh grants), per client address. */
  token: { limit: 300, windowMs: 300_000 },
  /** Password sign-ins per pair of email address and client address (or the account's own device: auth/device.ts). */
  signinEmail: { limit: 30, windowMs: 300_000 },
  /** Password sign-ins per client address, whatever the account (or the account's own device: auth/device.ts). */
  signinIp: { limit: 50, windowMs: 300_000 },
  /** Requests that send mail (reset, resend, reauthenticate, email change), per client address. */
  emailIp: { limit: 30, windowMs: 3600_000 },
  /** Mails sent to one address, per client address (or the account's own device: auth/device.ts). */
  emailAddress: { limit: 5, windowMs: 3600_000 },
  /** POST and GET /auth/v1/verify (one-time links and codes), per client address. */
  verify: { limit: 60, windowMs: 300_000 },
  /** Account changes (PUT /auth/v1/user, logout, DELETE /api/account), per user. */
  account: { limit: 60, windowMs: 300_000 },
  /** /rest/v1 writes (POST, PATCH, DELETE), per user (per address for the anon key). */
  restWrite: { limit: 600, windowMs: 60_000 },
  /** /rest/v1 writes per client address, whoever is signed in. */
  restWriteIp: { limit: 3000, windowMs: 60_000 },
  /**
   * /rest/v1 reads (GET, HEAD), per user (per address for the anon key), in points: 1 a read, 10
   * more for each like/ilike filter, and half the limit for a read stopped at its statement
   * timeout (rest/read-limits.ts). Far above what the app asks (a full pull of every synced
   * table is a few dozen pages): a flood, not a device.
   */
  restRead: { limit: 1800, windowMs: 60_000 },
  /** /rest/v1 reads per client address, whoever is signed in. */
  restReadIp: { limit: 6000, windowMs: 60_000 },
  /**
   * /api reads (GET, HEAD; not /api/health), per user (per address without one): the market's
   * search, the timeline and the other lists build their own SQL.
   */
  apiRead: { limit: 1200, windowMs: 60_000 },
  /** Other /api writes, per user (per address without one). */
  apiWrite: { limit: 300, windowMs: 60_000 },
  /** Error reports (counted one per report, not per request), per client address. */
  errorReports: { limit: 200, windowMs: 3600_000 },
  /** POST /api/ai-analysis, per user: each one is a paid call to an AI provider. */
  aiAnalysis: { limit: 30, windowMs: 3600_000 },
  /** POST /api/together (a member starts a shared session), per user. */
  togetherCreate: { limit: 20, windowMs: 3600_000 },
  /** POST /api/together/:id/join, per client address (signed in or not). */
  togetherJoin: { limit: 120, windowMs: 600_000 },
} as const satisfies Record<string, RateLimit>;

export type RuleName = keyof typeof RATE_RULES;
export type RateRules = Record<RuleName, RateLimit>;

export const RULE_NAMES = Object.keys(RATE_RULES) as RuleName[];

/** The env variable of a rule: signinEmail -> PNEUMA_RATE_LIMIT_SIGNIN_EMAIL. */
export function ruleEnvName(rule: RuleName): string {
  return `PNEUMA_RATE_LIMIT_${rule.replace(/[A-Z]/g, (ch) => `_${ch}`).toUpperCase()}`;
}

/** Parses "30/3600" (30 requests per 3600 seconds) or "0" (off). */
export function parseRateLimit(text: string | undefined, fallback: RateLimit): RateLimit {
  if (text === undefined || text.trim() === '') return fallback;
  const m = /^\s*(\d+)\s*(?:\/\s*(\d+)\s*)?$/.exec(text);
  if (!m)
    throw new Error(
      `Invalid rate limit "${text}": use LIMIT/SECONDS, e.g. 30/3600, or 0 to disable.`,
    );
  const windowMs = m[2] ? Number(m[2]) * 1000 : fallback.windowMs;
  if (windowMs <= 0)
    throw new Error(`Invalid rate limit "${text}": the window must be at least 1 second.`);
  return { limit: Number(m[1]), windowMs };
}

/** Every rule from the environment (PNEUMA_RATE_LIMIT_<RULE>); PNEUMA_RATE_LIMIT_DISABLED=1 turns all off. */
export function rulesFromEnv(env: NodeJS.ProcessEnv): RateRules {
  const off = ['1', 'true'].includes(env.PNEUMA_RATE_LIMIT_DISABLED ?? '');
  const rules = {} as RateRules;
  for (const rule of RULE_NAMES) {
    rules[rule] = off
      ? { limit: 0, windowMs: 1000 }
      : parseRateLimit(env[ruleEnvName(rule)], RATE_RULES[rule]);
  }
  return rules;
}
