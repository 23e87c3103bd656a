/**
 * Community limits (read by ./community.ts and by the server's schemas, ./communitySchemas.ts) (docs/product.md § Sharing and community). The database checks the
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

export type ReportReason = (typeof REPORT_REASONS)[number];
