import { createHash } from 'node:crypto';
import type { Db } from '../db/types';
import { RATE_RULES, RULE_NAMES } from './rules';
import type { RateRules, RuleName } from './rules';

/**
 * How often an instance adds the hits it counted in memory to the shared table (one statement
 * for every key with new hits). Other instances see a hit at most this long after it was
 * accepted, plus until their own next write to that key (README § Limits: the window).
 */
export const LIMIT_SYNC_MS = 50;

/** Keys longer than this are stored as a hash (the column holds 255 characters). */
const MAX_PLAIN_KEY = 120;

/** Clearing counts of ended windows out of memory, at most this often. */
const SWEEP_MS = 10_000;

/**
 * One statement adds hits to many keys of pneuma_private.rate_limits (the layout of
 * rate-limiter-flexible's PostgreSQL store, which earlier servers wrote: key `<rule>:<client>`,
 * points in the window, expire = window end in epoch ms) and answers each key's total:
 * a key whose window has ended starts a new one with the points added.
 */
const ADD_HITS = `insert into pneuma_private.rate_limits as r (key, points, expire)
  select * from unnest($1::varchar[], $2::int[], $3::int8[])
  on conflict (key) do update set
    points = case when r.expire is null or r.expire <= $4::int8 then excluded.points else r.points + excluded.points end,
    expire = case when r.expire is null or r.expire <= $4::int8 then excluded.expire else r.expire end
  returning key, points, expire`;

/** What this instance knows of one rule and client key in the current window. */
interface Count {
  limit: number;
  windowMs: number;
  /** The shared total the database last answered (every instance's hits up to then). */
  shared: number;
  /** Hits accepted or refused here since, not yet sent to the database. */
  pending: number;
  /** Hits on their way to the database (a batch in flight). */
  sending: number;
  /** End of the window, epoch ms (the database's, once it has answered). */
  expireAt: number;
  /** When the database last answered for this key (epoch ms). */
  syncedAt: number;
}

interface Added {
  key: string;
  points: number;
  expire: number;
}

/**
 * The abuse limits: fixed windows per rule and client key, shared by every server instance on
 * one database through pneuma_private.rate_limits, without a database write per request.
 *
 * Each instance counts hits in memory and adds them to the table in batches (every
 * LIMIT_SYNC_MS, one statement for all keys), learning the shared totals from the answer. A
 * hit waits for the database only when the decision depends on it: the first hit of a key in
 * a window or after two sync intervals without news of it (so a restarted or second instance
 * starts from the shared total), and every hit once the key is within a tenth of its limit (so
 * the last hits before the limit are counted exactly). Hits over the limit are refused in
 * memory and still counted. On one instance a limit is exact; across instances it can be
 * passed only by hits the others accepted in about the last three sync intervals (150 ms),
 * which they had not yet sent or this one had not yet heard of. If the database cannot be
 * reached, the counts in memory decide.
 */
export class Limits {
  private readonly counts = new Map<string, Count>();
  private readonly active = new Map<RuleName, { limit: number; windowMs: number }>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private lastSweep = Date.now();
  private closed = false;

  constructor(
    private readonly db: Db,
    readonly rules: RateRules = RATE_RULES,
  ) {
    for (const rule of RULE_NAMES) {
      const { limit, windowMs } = rules[rule];
      if (limit > 0) this.active.set(rule, { limit, windowMs });
    }
  }

  /** Whether a rule counts anything (limit above 0). */
  enabled(rule: RuleName): boolean {
    return this.active.has(rule);
  }

  /**
   * Counts `points` hits of `rule` for `key`; returns the whole seconds to wait when the key
   * is over its limit (Retry-After), else 0.
   */
  async hit(rule: RuleName, key: string, points = 1): Promise<number> {
    const r = this.active.get(rule);
    if (!r || points <= 0) return 0;
    const client = key.length > MAX_PLAIN_KEY ? createHash('sha256').update(key).digest('hex') : key;
    const k = `${rule}:${client}`;
    const now = Date.now();
    let c = this.counts.get(k);
    // Memory decides only with a recent view of the shared total (busy keys are refreshed by
    // every batch); an idle key asks the database again.
    if (c && c.expireAt > now && now - c.syncedAt <= 2 * LIMIT_SYNC_MS) {
      // Bounds on the shared total with this hit: at least what the database answered plus
      // what is still here; at most that plus what is on its way (it may be counted already).
      const least = c.shared + c.pending + points;
      const most = least + c.sending;
      // Far from the limit, or over it for certain (totals only grow within a window): memory decides.
      if (most <= r.limit - nearLimit(r.limit) || least > r.limit) {
        c.pending += points;
        this.schedule();
        return least > r.limit ? waitSeconds(c.expireAt, now) : 0;
      }
    }
    // Unknown key, a new window, or close to the limit: the database's total decides.
    if (now - this.lastSweep > SWEEP_MS) this.sweep(now);
    // The hits still here go with this one; until the answer they count as on their way.
    const known = c && c.expireAt > now ? c : null;
    const add = points + (known?.pending ?? 0);
    if (known) {
      known.pending = 0;
      known.sending += add;
    }
    let row: Added;
    try {
      [row] = (await this.add([{ key: k, points: add, expire: now + r.windowMs }], now)) as [Added];
    } catch {
      // No database: count here (and try to send the hits with the next batch).
      if (known) known.sending = Math.max(0, known.sending - add);
      c = this.counts.get(k);
      if (!c || c.expireAt <= now) {
        c = { ...r, shared: 0, pending: 0, sending: 0, expireAt: now + r.windowMs, syncedAt: 0 };
        this.counts.set(k, c);
      }
      c.pending += add;
      this.schedule();
      return c.shared + c.pending > r.limit ? waitSeconds(c.expireAt, now) : 0;
    }
    if (known) known.sending = Math.max(0, known.sending - add);
    c = this.counts.get(k);
    if (!c || c.expireAt !== row.expire) {
      c = { ...r, shared: row.points, pending: 0, sending: 0, expireAt: row.expire, syncedAt: Date.now() };
      this.counts.set(k, c);
    } else {
      c.shared = Math.max(c.shared, row.points);
      c.syncedAt = Date.now();
    }
    return row.points > r.limit ? waitSeconds(row.expire, Date.now()) : 0;
  }

  /** Sends every hit counted in memory to the database now (tests, shutdown). */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const now = Date.now();
    const batch: Added[] = [];
    for (const [key, c] of this.counts) {
      // Hits of a window that has ended count for nothing any more.
      if (c.expireAt <= now) c.pending = 0;
      if (c.pending > 0) {
        batch.push({ key, points: c.pending, expire: c.expireAt });
        c.sending += c.pending;
        c.pending = 0;
      }
    }
    if (batch.length === 0) return;
    this.flushing = this.send(batch, now);
    try {
      await this.flushing;
    } finally {
      this.flushing = null;
    }
  }

  /** Sends what is left and stops sending batches (the server is closing). */
  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
  }

  private async send(batch: Added[], now: number): Promise<void> {
    let rows: Added[];
    try {
      rows = await this.add(batch, now);
    } catch {
      // Kept for the next batch (the request that counted them has had its answer).
      for (const b of batch) {
        const c = this.counts.get(b.key);
        if (!c) continue;
        c.sending = Math.max(0, c.sending - b.points);
        c.pending += b.points;
      }
      this.schedule();
      return;
    }
    const sent = new Map(batch.map((b) => [b.key, b.points]));
    const answered = Date.now();
    for (const row of rows) {
      const c = this.counts.get(row.key);
      if (!c) continue;
      c.sending = Math.max(0, c.sending - (sent.get(row.key) ?? 0));
      if (c.expireAt !== row.expire) {
        // The database started a new window for this key (the old one ended): its total is the truth.
        c.expireAt = row.expire;
        c.shared = row.points;
      } else c.shared = Math.max(c.shared, row.points);
      c.syncedAt = answered;
    }
  }

  private async add(hits: Added[], now: number): Promise<Added[]> {
    const r = await this.db.query<{ key: string; points: number | string; expire: number | string }>(ADD_HITS, [
      hits.map((h) => h.key),
      hits.map((h) => h.points),
      hits.map((h) => String(h.expire)),
      String(now),
    ]);
    return r.rows.map((row) => ({ key: row.key, points: Number(row.points), expire: Number(row.expire) }));
  }

  private schedule(): void {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, LIMIT_SYNC_MS);
    this.timer.unref();
  }

  private sweep(now: number): void {
    this.lastSweep = now;
    for (const [key, c] of this.counts) if (c.expireAt <= now && c.pending === 0 && c.sending === 0) this.counts.delete(key);
  }
}

/** Hits within this many of the limit are counted in the database before the answer. */
function nearLimit(limit: number): number {
  return Math.max(1, Math.ceil(limit / 10));
}

function waitSeconds(expireAt: number, now: number): number {
  return Math.max(1, Math.ceil((expireAt - now) / 1000));
}
