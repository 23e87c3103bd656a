import type { Context } from 'hono';
import { apiError, asApiCaller, type CallerDeps } from '../api/respond';
import { COMMUNITY_MEMBER } from './rows';

/**
 * GET /api/social/activity/unseen?since=ISO: what other people did about the caller since
 * `since` (the device's 'last seen' mark; docs/product.md § Sharing and community):
 * comments on and reactions to the caller's own posts, and new followers. The caller's own
 * comments and reactions never count. The client shows only the kinds the member's
 * community notification settings leave on (src/domain/communityActivity.ts).
 */
export function unseenActivity(c: Context, deps: CallerDeps): Promise<Response> {
  return asApiCaller(c, deps, COMMUNITY_MEMBER, async (caller) => {
    const since = c.req.query('since');
    const at = since ? Date.parse(since) : Number.NaN;
    if (!since || Number.isNaN(at)) {
      return apiError(
        c,
        400,
        'invalid_since',
        'since must be an ISO date and time, e.g. 2026-11-27T12:00:00Z',
        'since',
      );
    }
    const iso = new Date(at).toISOString();
    return caller.run(async (tx) => {
      const r = await tx.query<{ comments: number; reactions: number; follows: number }>(
        `select
           (select count(*)::int from public.social_comments m join public.social_posts p on p.id = m.post_id
             where p.user_id = auth.uid() and m.user_id <> auth.uid() and m.created_at > $1::timestamptz) as comments,
           (select count(*)::int from public.social_reactions x join public.social_posts p on p.id = x.post_id
             where p.user_id = auth.uid() and x.user_id <> auth.uid() and x.created_at > $1::timestamptz) as reactions,
           (select count(*)::int from public.social_follows f
             where f.followee_id = auth.uid() and f.created_at > $1::timestamptz) as follows`,
        [iso],
      );
      const row = r.rows[0] ?? { comments: 0, reactions: 0, follows: 0 };
      return c.json({ ...row, since: iso });
    });
  });
}
