import type { Context } from 'hono';
import { apiError, asApiCaller, type CallerDeps } from '../api/respond';
import { COMMUNITY_MEMBER } from './rows';

/**
 * GET /api/social/replies/unseen?since=ISO: how many comments other people left on the
 * caller's own posts after `since` (the device's 'last seen' mark; docs/product.md § Sharing
 * and community). The caller's own comments never count; deleted posts take their comments
 * with them. `since` is required: without a mark there is nothing to compare against.
 */
export function unseenReplies(c: Context, deps: CallerDeps): Promise<Response> {
  return asApiCaller(c, deps, COMMUNITY_MEMBER, async (caller) => {
    const since = c.req.query('since');
    const at = since ? Date.parse(since) : Number.NaN;
    if (!since || Number.isNaN(at)) {
      return apiError(c, 400, 'invalid_since', 'since must be an ISO date and time, e.g. 2026-11-27T12:00:00Z', 'since');
    }
    return caller.run(async (tx) => {
      const r = await tx.query<{ n: number }>(
        `select count(*)::int as n from public.social_comments m
         join public.social_posts p on p.id = m.post_id
         where p.user_id = auth.uid() and m.user_id <> auth.uid() and m.created_at > $1::timestamptz`,
        [new Date(at).toISOString()],
      );
      return c.json({ count: r.rows[0]?.n ?? 0, since: new Date(at).toISOString() });
    });
  });
}
