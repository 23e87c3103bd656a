import { createHash } from 'node:crypto';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Db } from '../db/types';
import { RATE_RULES, RULE_NAMES } from './rules';
import type { RateRules, RuleName } from './rules';

/**
 * The store rate-limiter-flexible's PostgreSQL limiter talks to: its `{ text, values }`
 * queries go through the server's own database handle, so the same code counts in PGlite
 * and in PostgreSQL, and every server instance on one database shares the counters (the
 * library's upsert is one atomic INSERT ... ON CONFLICT). int8 values come back as numbers.
 */
function storeClient(db: Db) {
  return {
    async query(q: { text: string; values?: unknown[] }) {
      const r = await db.query<Record<string, unknown>>(q.text, q.values ?? []);
      const rows = r.rows.map((row) =>
        Object.fromEntries(
          Object.entries(row).map(([k, v]) => [
            k,
            typeof v === 'bigint' || (k === 'expire' && typeof v === 'string') ? Number(v) : v,
          ]),
        ),
      );
      return { rows, rowCount: r.rowCount };
    },
  };
}

/** Keys longer than this are stored as a hash (the column holds 255 characters). */
const MAX_PLAIN_KEY = 120;

/**
 * Counts hits per rule and client key in pneuma_private.rate_limits. If the database cannot
 * be reached, a per-process memory limiter stands in (the request fails on its own anyway).
 */
export class Limits {
  private readonly limiters = new Map<RuleName, RateLimiterPostgres>();

  constructor(
    db: Db,
    readonly rules: RateRules = RATE_RULES,
  ) {
    const client = storeClient(db);
    let first = true;
    for (const rule of RULE_NAMES) {
      const { limit, windowMs } = rules[rule];
      if (limit <= 0) continue;
      const duration = windowMs / 1000;
      this.limiters.set(
        rule,
        new RateLimiterPostgres({
          storeClient: client,
          storeType: 'client',
          schemaName: 'pneuma_private',
          tableName: 'rate_limits',
          tableCreated: true,
          keyPrefix: rule,
          points: limit,
          duration,
          // One limiter clears expired rows of the shared table (every 5 minutes, timer unref'd).
          clearExpiredByTimeout: first,
          insuranceLimiter: new RateLimiterMemory({ points: limit, duration }),
        } as ConstructorParameters<typeof RateLimiterPostgres>[0]),
      );
      first = false;
    }
  }

  /** Whether a rule counts anything (limit above 0). */
  enabled(rule: RuleName): boolean {
    return this.limiters.has(rule);
  }

  /**
   * Counts `points` hits of `rule` for `key`; returns the whole seconds to wait when the key
   * is over its limit (Retry-After), else 0.
   */
  async hit(rule: RuleName, key: string, points = 1): Promise<number> {
    const limiter = this.limiters.get(rule);
    if (!limiter || points <= 0) return 0;
    const k = key.length > MAX_PLAIN_KEY ? createHash('sha256').update(key).digest('hex') : key;
    try {
      await limiter.consume(k, points);
      return 0;
    } catch (e) {
      if (e instanceof RateLimiterRes) return Math.max(1, Math.ceil(e.msBeforeNext / 1000));
      throw e;
    }
  }
}
