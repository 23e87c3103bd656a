import type { Context } from 'hono';
import type {
  Challenge,
  CommunityStats,
  CommunityAchievementState,
} from '../../src/contracts/community';
import type { Queryable } from '../db/types';
import { cursorTime } from './cursor';
import { ACHIEVEMENT_RULES, CHALLENGE_RULES } from './limits';
import { storedPattern } from './postRows';
import { asApiCaller, type CallerDeps } from '../api/respond';
import { COMMUNITY_MEMBER } from './rows';

/**
 * GET /api/social/community: the community's counts, this week's challenges and the
 * caller's social achievements, all counted from rows at the moment of the request
 * (docs/product.md § Sharing and community). Counts over everyone's sessions are
 * aggregates only: no other member's row leaves the server.
 */
export function community(c: Context, deps: CallerDeps): Promise<Response> {
  return asApiCaller(c, deps, COMMUNITY_MEMBER, async (caller) => {
    const [stats, challenges, achievements] = await Promise.all([
      communityStats(deps.db),
      weeklyChallenges(deps.db, caller.userId),
      caller.run((tx) => socialAchievements(tx)),
    ]);
    return c.json({ stats, challenges, achievements, generatedAt: new Date().toISOString() });
  });
}

export async function communityStats(db: Queryable): Promise<CommunityStats> {
  const r = await db.query<CommunityStats>(
    `select
       (select count(*)::int from (
          select user_id from public.sessions where created_at > now() - interval '7 days'
          union select user_id from public.social_posts where created_at > now() - interval '7 days') u) as "activeUsers",
       (select count(*)::int from public.sessions
          where coalesce(end_time, created_at) > now() - interval '1 hour') as "sessionsLastHour",
       (select count(*)::int from public.sessions where created_at > now() - interval '24 hours') as "sessionsToday",
       (select count(*)::int from public.sessions) as "totalSessions",
       (select count(distinct user_id)::int from public.social_posts) as "sharingMembers",
       (select count(*)::int from public.social_posts where created_at > now() - interval '7 days') as "postsThisWeek"`,
  );
  return r.rows[0]!;
}

/** Sessions of the challenge's pattern: its id, else its name for posts keyed by name. */
const SAME_PATTERN = `(x.pattern_id = s.pattern_key or s.pattern_key = 'name:' || lower(x.pattern_name))`;

interface ChallengeRow {
  pattern_key: string;
  pattern: unknown;
  posts: number;
  participants: number;
  mine: number;
  starts_at: string;
  ends_at: string;
}

/**
 * This week's challenges (Monday 00:00 UTC to the next Monday): one for each of the three
 * patterns shared most this week in public posts (a followers-only or private post does not
 * make its pattern a challenge for everyone). Goal: 7 sessions of at least 300 s with that pattern
 * before the week ends. Participants are the people with at least one such session this
 * week; the caller's own count is their progress.
 */
export async function weeklyChallenges(db: Queryable, userId: string): Promise<Challenge[]> {
  const r = await db.query<ChallengeRow>(
    `with week as (
       select (date_trunc('week', now() at time zone 'UTC') at time zone 'UTC') as start),
     shared as (
       select p.pattern_key, count(*)::int as posts, max(p.created_at) as last_post,
         (array_agg(p.pattern order by p.created_at desc))[1] as pattern
       from public.social_posts p, week
       where p.created_at >= week.start and public.social_privacy_of(p.user_id) = 'public'
       group by p.pattern_key order by posts desc, last_post desc limit $3)
     select s.pattern_key, s.pattern, s.posts,
       (select count(distinct x.user_id)::int from public.sessions x, week
         where x.created_at >= week.start and x.session_duration >= $2 and ${SAME_PATTERN}) as participants,
       (select count(*)::int from public.sessions x, week
         where x.user_id = $1 and x.created_at >= week.start and x.session_duration >= $2 and ${SAME_PATTERN}) as mine,
       ${cursorTime('week.start')} as starts_at,
       ${cursorTime(`week.start + interval '${CHALLENGE_RULES.days} days'`)} as ends_at
     from shared s, week
     order by s.posts desc, s.last_post desc`,
    [userId, CHALLENGE_RULES.sessionSeconds, CHALLENGE_RULES.shown],
  );
  const now = Date.now();
  return r.rows.flatMap((row) => {
    const pattern = storedPattern(row.pattern);
    if (!pattern) return [];
    const challenge: Challenge = {
      id: `${row.starts_at.slice(0, 10)}:${row.pattern_key}`,
      pattern,
      duration: CHALLENGE_RULES.sessionSeconds,
      targetSessions: CHALLENGE_RULES.targetSessions,
      participants: row.participants,
      posts: row.posts,
      startsAt: row.starts_at,
      endsAt: row.ends_at,
      isActive: Date.parse(row.ends_at) > now,
      yourSessions: row.mine,
    };
    return [challenge];
  });
}

interface AchievementRow {
  posts: number;
  first_post_at: string | null;
  seventh_post_at: string | null;
  responses: number;
  tenth_response_at: string | null;
}

/**
 * The caller's social achievements: first post shared, 7 or more posts, 10 or more
 * reactions or comments from others on their posts. unlockedAt is when the rule was
 * first met by the rows that exist now.
 */
export async function socialAchievements(db: Queryable): Promise<CommunityAchievementState[]> {
  const r = await db.query<AchievementRow>(
    `with mine as (select id, created_at from public.social_posts where user_id = auth.uid()),
     responses as (
       select r.created_at from public.social_reactions r join mine on mine.id = r.post_id where r.user_id <> auth.uid()
       union all
       select m.created_at from public.social_comments m join mine on mine.id = m.post_id where m.user_id <> auth.uid())
     select (select count(*)::int from mine) as posts,
       (select ${cursorTime('created_at')} from mine order by created_at limit 1) as first_post_at,
       (select ${cursorTime('created_at')} from mine order by created_at offset ($1::int - 1) limit 1) as seventh_post_at,
       (select count(*)::int from responses) as responses,
       (select ${cursorTime('created_at')} from responses order by created_at offset ($2::int - 1) limit 1) as tenth_response_at`,
    [ACHIEVEMENT_RULES.posts, ACHIEVEMENT_RULES.responses],
  );
  const row = r.rows[0]!;
  return [
    { id: 'first-post', progress: Math.min(row.posts, 1), maxProgress: 1, unlockedAt: row.first_post_at },
    {
      id: 'seven-posts',
      progress: Math.min(row.posts, ACHIEVEMENT_RULES.posts),
      maxProgress: ACHIEVEMENT_RULES.posts,
      unlockedAt: row.seventh_post_at,
    },
    {
      id: 'ten-responses',
      progress: Math.min(row.responses, ACHIEVEMENT_RULES.responses),
      maxProgress: ACHIEVEMENT_RULES.responses,
      unlockedAt: row.tenth_response_at,
    },
  ];
}
