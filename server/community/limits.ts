import { CATALOGUE_IDS, GOAL_PATTERN_IDS } from '../../src/domain/patterns';
/**
 * The community's server-side rules (docs/product.md § Sharing and community); the limits
 * both sides read (SOCIAL_LIMITS, REPORT_REASONS) are in src/contracts/community.ts.
 */

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
