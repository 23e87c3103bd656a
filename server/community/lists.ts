import type { Context } from 'hono';
import { POST_COLUMNS, toPost, type PostRow } from './postRows';
import { asApiCaller, type CallerDeps } from '../api/respond';
import { COMMUNITY_MEMBER } from './rows';

/**
 * The community's two short lists beside the timeline (docs/product.md § Sharing and
 * community; the specification's 'highlights 10, exploration 50').
 */
export const COMMUNITY_LISTS = Object.freeze({
  /** Highlights: the posts with the most reactions, then comments, from other members. */
  highlights: 10,
  /** Days a post stays a candidate for the highlights. */
  highlightDays: 7,
  /** Exploration: the newest posts of members the caller does not follow yet. */
  exploration: 50,
});

/** Posts the caller reported never show (the same rule as the timeline). */
const NOT_REPORTED = `not exists (
  select 1 from public.social_reports x where x.post_id = p.id and x.reporter_id = auth.uid())`;

async function listed(
  c: Context,
  deps: CallerDeps,
  sql: string,
  params: unknown[],
): Promise<Response> {
  return asApiCaller(c, deps, COMMUNITY_MEMBER, async (caller) => {
    const rows = await caller.run((tx) => tx.query<PostRow>(sql, params));
    return c.json({
      items: rows.rows.flatMap((r) => {
        const post = toPost(r);
        return post ? [{ ...post, fromFollowing: r.is_own || r.follows_author }] : [];
      }),
    });
  });
}

/**
 * GET /api/social/highlights: at most 10 posts of the last 7 days that other members
 * responded to, most reactions first, then most comments, then newest. Responses by the
 * post's own author do not count. Runs as the caller, so only posts the caller may see
 * (migration 20261127130000_community_privacy.sql) and never one they reported.
 */
export function highlights(c: Context, deps: CallerDeps): Promise<Response> {
  return listed(
    c,
    deps,
    `select * from (
       select ${POST_COLUMNS},
         (select count(*)::int from public.social_reactions r where r.post_id = p.id and r.user_id <> p.user_id) as others_reactions,
         (select count(*)::int from public.social_comments m where m.post_id = p.id and m.user_id <> p.user_id) as others_comments,
         p.created_at as ts
       from public.social_posts p
       where p.created_at > now() - make_interval(days => $1::int) and ${NOT_REPORTED}
     ) t
     where t.others_reactions + t.others_comments > 0
     order by t.others_reactions desc, t.others_comments desc, t.ts desc, t.id desc
     limit $2`,
    [COMMUNITY_LISTS.highlightDays, COMMUNITY_LISTS.highlights],
  );
}

/**
 * GET /api/social/explore: the newest 50 posts by members the caller neither is nor
 * follows, so they can find people to follow. Same visibility and report rules.
 */
export function explore(c: Context, deps: CallerDeps): Promise<Response> {
  return listed(
    c,
    deps,
    `select ${POST_COLUMNS} from public.social_posts p
     where p.user_id <> auth.uid()
       and not exists (select 1 from public.social_follows f where f.follower_id = auth.uid() and f.followee_id = p.user_id)
       and ${NOT_REPORTED}
     order by p.created_at desc, p.id desc
     limit $1`,
    [COMMUNITY_LISTS.exploration],
  );
}
