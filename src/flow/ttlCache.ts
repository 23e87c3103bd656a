/** Entry lifetime when none is given, and the most entries kept (spec § 9: 60 s, 100). */
export const TTL_CACHE_DEFAULT_MS = 60_000;
export const TTL_CACHE_MAX_ENTRIES = 100;

/**
 * A small time-limited cache for chain reads: entries live for the ttl given at set (60 s
 * by default); past 100 entries the oldest written is dropped.
 */
export class TtlCache {
  private readonly entries = new Map<string, { value: unknown; until: number }>();

  constructor(
    private readonly now: () => number,
    private readonly maxEntries = TTL_CACHE_MAX_ENTRIES,
  ) {}

  get<T>(key: string): T | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.until <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return e.value as T;
  }

  set(key: string, value: unknown, ttlMs = TTL_CACHE_DEFAULT_MS): void {
    this.entries.delete(key); // a rewrite counts as the newest
    this.entries.set(key, { value, until: this.now() + ttlMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  /** Forgets every entry whose key starts with `prefix` (all when omitted). */
  clear(prefix = ''): void {
    for (const k of [...this.entries.keys()]) if (k.startsWith(prefix)) this.entries.delete(k);
  }
}
