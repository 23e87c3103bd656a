/** A small time-limited cache for chain reads (entries live for the ttl given at set). */
export class TtlCache {
  private readonly entries = new Map<string, { value: unknown; until: number }>();

  constructor(private readonly now: () => number) {}

  get<T>(key: string): T | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.until <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return e.value as T;
  }

  set(key: string, value: unknown, ttlMs: number): void {
    this.entries.set(key, { value, until: this.now() + ttlMs });
  }

  /** Forgets every entry whose key starts with `prefix` (all when omitted). */
  clear(prefix = ''): void {
    for (const k of [...this.entries.keys()]) if (k.startsWith(prefix)) this.entries.delete(k);
  }
}
