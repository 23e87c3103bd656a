import type { Context } from 'hono';
import { asCaller, type SocialDeps } from './context';
import { BUILT_IN_PATTERN_IDS } from './limits';

interface TrendingRow {
  key: string;
  name: string | null;
  pattern: Record<string, unknown> | null;
  sessions: number;
  shares: number;
  people: number;
}

/**
 * GET /api/patterns/trending: the patterns practised and shared most in the last 7 days,
 * counted from synced sessions and posts (at most 10). Only built-in patterns and
 * patterns someone shared publicly are listed: a private custom pattern never appears.
 */
export function trendingPatterns(c: Context, deps: SocialDeps): Promise<Response> {
  return asCaller(c, deps, async () => {
    const r = await deps.db.query<TrendingRow>(
      `with practised as (
         select coalesce(pattern_id, 'name:' || lower(pattern_name)) as key, count(*)::int as sessions,
           array_agg(user_id) as users, (array_agg(pattern_name order by created_at desc))[1] as name
         from public.sessions where created_at > now() - interval '7 days' group by 1),
       shared as (
         select pattern_key as key, count(*)::int as shares, array_agg(user_id) as users,
           (array_agg(pattern order by created_at desc))[1] as pattern
         from public.social_posts where created_at > now() - interval '7 days' group by 1),
       public_keys as (
         select unnest($1::text[]) as key union select distinct pattern_key from public.social_posts)
       select k.key, coalesce(s.pattern ->> 'name', pr.name) as name, s.pattern,
         coalesce(pr.sessions, 0) as sessions, coalesce(s.shares, 0) as shares,
         (select count(distinct u)::int from unnest(coalesce(pr.users, '{}') || coalesce(s.users, '{}')) as u) as people
       from public_keys k
       left join practised pr on pr.key = k.key
       left join shared s on s.key = k.key
       where pr.key is not null or s.key is not null
       order by coalesce(pr.sessions, 0) + coalesce(s.shares, 0) desc, k.key
       limit 10`,
      [BUILT_IN_PATTERN_IDS],
    );
    return c.json({
      windowDays: 7,
      patterns: r.rows.map((row) => ({
        id: row.key.startsWith('name:') ? undefined : row.key,
        name: row.name ?? row.key,
        pattern: typeof row.pattern === 'string' ? JSON.parse(row.pattern) : row.pattern,
        sessions: row.sessions,
        shares: row.shares,
        people: row.people,
      })),
    });
  });
}
