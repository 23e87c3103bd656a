import type { Db } from '../db/types';

/**
 * How long an "open" answer is trusted: revocation takes effect on every instance within it
 * (under a second, with room for the lookup itself).
 */
export const SESSION_CHECK_TTL_MS = 900;
const MAX_ENTRIES = 20_000;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether the sign-in session named by an access token's session_id claim is still open
 * (docs/product.md § Accounts and access). Sign-out, a password change and account deletion
 * end sessions in auth.sessions; every request with a user token is checked against it.
 * An open answer is cached for under a second (SESSION_CHECK_TTL_MS), an ended one for good (ended
 * sessions never reopen), so several instances on one database agree within a second.
 */
export class SessionCheck {
  private readonly cache = new Map<string, { open: boolean; at: number }>();
  private readonly pending = new Map<string, Promise<boolean>>();

  constructor(
    private readonly db: Db,
    private readonly ttlMs = SESSION_CHECK_TTL_MS,
  ) {}

  async isOpen(sessionId: string, userId: string, now = Date.now()): Promise<boolean> {
    if (!UUID_RE.test(sessionId) || !UUID_RE.test(userId)) return false;
    const key = `${sessionId}:${userId}`;
    const hit = this.cache.get(key);
    if (hit && (!hit.open || now - hit.at < this.ttlMs)) return hit.open;
    let p = this.pending.get(key);
    if (!p) {
      p = this.lookup(sessionId, userId).finally(() => this.pending.delete(key));
      this.pending.set(key, p);
    }
    const open = await p;
    if (this.cache.size >= MAX_ENTRIES) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.delete(key);
    this.cache.set(key, { open, at: now });
    return open;
  }

  /** Forgets what this instance knows (after it ended sessions itself, so it agrees at once). */
  forgetUser(userId: string): void {
    for (const key of this.cache.keys()) if (key.endsWith(`:${userId}`)) this.cache.delete(key);
  }

  private async lookup(sessionId: string, userId: string): Promise<boolean> {
    const r = await this.db.query<{ open: boolean }>(
      'select (revoked_at is null) as open from auth.sessions where id = $1::uuid and user_id = $2::uuid',
      [sessionId, userId],
    );
    return r.rows[0]?.open === true;
  }
}
