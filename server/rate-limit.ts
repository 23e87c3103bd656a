/** A fixed-window counter per key (client IP), in memory. limit 0 disables it. */
export interface RateLimit {
  limit: number;
  windowMs: number;
}

export class RateLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();
  constructor(private readonly rule: RateLimit) {}

  /** Counts one hit; returns the seconds to wait if the key is over its limit, else 0. */
  hit(key: string, now = Date.now()): number {
    if (this.rule.limit <= 0) return 0;
    if (this.hits.size > 10_000) {
      for (const [k, v] of this.hits) if (v.resetAt <= now) this.hits.delete(k);
    }
    let entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + this.rule.windowMs };
      this.hits.set(key, entry);
    }
    entry.count += 1;
    return entry.count > this.rule.limit ? Math.ceil((entry.resetAt - now) / 1000) : 0;
  }
}

/** Parses "30/3600" (30 requests per 3600 seconds) or "0" (off). */
export function parseRateLimit(text: string | undefined, fallback: RateLimit): RateLimit {
  if (text === undefined || text.trim() === '') return fallback;
  const m = /^\s*(\d+)\s*(?:\/\s*(\d+)\s*)?$/.exec(text);
  if (!m) throw new Error(`Invalid rate limit "${text}": use LIMIT/SECONDS, e.g. 30/3600, or 0 to disable.`);
  return { limit: Number(m[1]), windowMs: m[2] ? Number(m[2]) * 1000 : fallback.windowMs };
}
