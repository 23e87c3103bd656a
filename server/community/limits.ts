import { CATALOGUE_IDS, GOAL_PATTERN_IDS } from '../../src/domain/patterns';
/**
 * Community limits (docs/product.md § Sharing and community). The database checks the
 * same lengths (supabase/migrations/20261123020000_social.sql), so a row written through
 * /rest/v1 obeys them too.
 */
export const SOCIAL_LIMITS = Object.freeze({
  /** Characters of a post (Unicode code points, as Postgres char_length counts). */
  postChars: 280,
  commentChars: 500,
  reportDetailsChars: 500,
  patternNameChars: 100,
  patternIdChars: 200,
  /** Longest phase a shared pattern may carry, in seconds. */
  phaseSeconds: 120,
  /** Posts per timeline page; comments per page. */
  pageSize: 20,
  /** Largest request body of /api/social. */
  bodyBytes: 16 * 1024,
});

/** The reasons a post can be reported for. */
export const REPORT_REASONS = ['spam', 'harassment', 'harmful', 'other'] as const;

/** Challenges (derived from posts and sessions): 300 s sessions, 7 of them, in 7 days. */
export const CHALLENGE_RULES = Object.freeze({
  sessionSeconds: 300,
  targetSessions: 7,
  days: 7,
  /** Challenges shown at once: the patterns shared most this week. */
  shown: 3,
});

/** Social achievements: first post, 7 posts, 10 reactions or comments from others. */
export const ACHIEVEMENT_RULES = Object.freeze({ posts: 7, responses: 10 });

/** Built-in pattern ids: their practice counts for trending even before anyone shares them. */
export const BUILT_IN_PATTERN_IDS: readonly string[] = [...CATALOGUE_IDS, ...GOAL_PATTERN_IDS];
