import type { Context } from 'hono';
import { getPattern } from '../../src/domain/patterns';
import { BUILT_IN_PATTERN_IDS } from './limits';
import { storedPattern } from './postRows';
import { asApiCaller, type CallerDeps } from '../api/respond';
import { COMMUNITY_MEMBER } from './rows';

/** Only posts every member may see name a pattern here (migration 20261127130000_community_privacy.sql). */
const PUBLIC_AUTHOR = `public.social_privacy_of(user_id) = 'public'`;

interface TrendingRow {
  key: string;
  pattern: unknown;
  latest_pattern: unknown;
  sessions: number;
  shares: number;
  people: number;
}

/**
 * GET /api/patterns/trending: the patterns practised and shared most in the last 7 days,
 * counted from synced sessions and posts (at most 10). Ranked by the accounts that practised or
 * shared each, then by their active days (an account counts once a day), never by raw rows:
 * 6,000 sessions of one account put Box first (issue 42, item 7). Only built-in patterns and
 * patterns someone shared publicly are listed (a post of a member whose posts are for
 * followers or themselves only does not count): a private custom pattern never appears.
 * A listed pattern's name is the catalogue's (built-in) or the one its latest post carries,
 * never a session's: a session row is written by its owner alone (through /rest/v1), so its
 * pattern_name is never shown to anyone else.
 */
export function trendingPatterns(c: Context, deps: CallerDeps): Promise<Response> {
  return asApiCaller(c, deps, COMMUNITY_MEMBER, async () => {
    const r = await deps.db.query<TrendingRow>(
      `with practised as (
         select coalesce(pattern_id, 'name:' || lower(pattern_name)) as key, count(*)::int as sessions,
           array_agg(distinct user_id) as users, count(distinct (user_id, created_at::date))::int as days
         from public.sessions where created_at > now() - interval '7 days' group by 1),
       shared as (
         select pattern_key as key, count(*)::int as shares, array_agg(distinct user_id) as users,
           count(distinct (user_id, created_at::date))::int as days,
           (array_agg(pattern order by created_at desc))[1] as pattern
         from public.social_posts where created_at > now() - interval '7 days' and ${PUBLIC_AUTHOR} group by 1),
       public_keys as (
         select unnest($1::text[]) as key
         union select distinct pattern_key from public.social_posts where ${PUBLIC_AUTHOR})
       select k.key, s.pattern,
         case when s.key is null then (select p.pattern from public.social_posts p
           where p.pattern_key = k.key and public.social_privacy_of(p.user_id) = 'public'
           order by p.created_at desc limit 1) end as latest_pattern,
         coalesce(pr.sessions, 0) as sessions, coalesce(s.shares, 0) as shares,
         (select count(distinct u)::int from unnest(coalesce(pr.users, '{}') || coalesce(s.users, '{}')) as u) as people
       from public_keys k
       left join practised pr on pr.key = k.key
       left join shared s on s.key = k.key
       where pr.key is not null or s.key is not null
       order by people desc, coalesce(pr.days, 0) + coalesce(s.days, 0) desc, k.key
       limit 10`,
      [BUILT_IN_PATTERN_IDS],
    );
    return c.json({
      windowDays: 7,
      patterns: r.rows.map((row) => {
        const pattern = storedPattern(row.pattern);
        const named = getPattern(row.key)?.name ?? (pattern ?? storedPattern(row.latest_pattern))?.name;
        return {
          id: row.key.startsWith('name:') ? undefined : row.key,
          name: named ?? row.key,
          pattern,
          sessions: row.sessions,
          shares: row.shares,
          people: row.people,
        };
      }),
    });
  });
}
