import { z } from 'zod';
import { REPORT_REASONS, SOCIAL_LIMITS as L } from './communityLimits';

/**
 * Request bodies of /api/social, each with a message that says what to change: the server
 * (server/community) parses with these schemas, the app's client types its bodies with their
 * input types (`import type`: the page loads no zod for them). User text
 * is kept as written (trimmed, line breaks normalised) and never turned into HTML here or
 * in the app: it is rendered as text.
 */

/** Unicode code points, as Postgres char_length and the app's N/280 counter count them. */
const charCount = (s: string) => [...s].length;

// C0 controls except tab and line feed, and DEL: they cannot be shown (NUL cannot even be stored).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F]/;

/** User text: a string, trimmed, not blank, at most `max` characters, no control characters. */
function userText(what: string, max: number) {
  return z
    .string({ error: `${what} must be text` })
    .transform((s) => s.replace(/\r\n?/g, '\n').trim())
    .refine((s) => s.length > 0, `${what} is empty: write something first`)
    .refine((s) => !CONTROL.test(s), `${what} contains control characters that cannot be shown`)
    .refine((s) => charCount(s) <= max, {
      error: (issue) =>
        `${what} can be at most ${max} characters (this one has ${charCount(String(issue.input))})`,
    });
}

const phase = (name: string) =>
  z
    .number({ error: `${name} must be a number of seconds` })
    .min(0, `${name} cannot be negative`)
    .max(L.phaseSeconds, `${name} can be at most ${L.phaseSeconds} seconds`);

const breathingPatternSchema = z
  .object({
    id: z
      .string({ error: 'id must be text' })
      .trim()
      .min(1, 'id is empty')
      .max(L.patternIdChars, `id can be at most ${L.patternIdChars} characters`)
      .optional(),
    name: userText('The pattern name', L.patternNameChars),
    inhale: phase('inhale').positive('inhale must be longer than 0 seconds').optional(),
    hold: phase('hold').optional(),
    exhale: phase('exhale').positive('exhale must be longer than 0 seconds').optional(),
    holdAfterExhale: phase('holdAfterExhale').optional(),
  })
  .strict()
  .refine((p) => (p.inhale === undefined) === (p.exhale === undefined), {
    message: 'give both inhale and exhale, or no timings at all',
    path: ['inhale'],
  })
  .refine(
    (p) => p.inhale !== undefined || (p.hold === undefined && p.holdAfterExhale === undefined),
    {
      message: 'hold timings need inhale and exhale too',
      path: ['inhale'],
    },
  );

const sessionSummarySchema = z
  .object({
    durationSeconds: z.number().int('durationSeconds must be whole seconds').min(0).max(86_400),
    cycles: z.number().int('cycles must be a whole number').min(0).max(100_000),
    targetCycles: z.number().int().min(0).max(100_000).optional(),
    qualityScore: z.number().min(0).max(100).optional(),
    mode: z.enum(['classic', 'enhanced', 'mobile']).optional(),
    completedAt: z.iso
      .datetime({ offset: true, error: 'completedAt must be an ISO date-time' })
      .optional(),
  })
  .strict();

export const shareSchema = z
  .object({
    /** A client-made id: sending the same share again never posts it twice. */
    id: z.uuid('id must be a UUID').optional(),
    type: z.literal('BREATHING_SESSION', { error: 'type must be BREATHING_SESSION' }),
    content: userText('The post', L.postChars),
    metadata: z
      .object(
        {
          breathingPattern: breathingPatternSchema,
          session: sessionSummarySchema.optional(),
        },
        { error: 'metadata must be an object with breathingPattern' },
      )
      .strict(),
  })
  .strict();
export type ShareBody = z.infer<typeof shareSchema>;

export const postRefSchema = z
  .object({ postId: z.uuid('postId must be a post id (UUID)') })
  .strict();

export const followSchema = z
  .object({ userId: z.uuid('userId must be a user id (UUID)') })
  .strict();

export const commentSchema = z
  .object({
    id: z.uuid('id must be a UUID').optional(),
    postId: z.uuid('postId must be a post id (UUID)'),
    content: userText('The comment', L.commentChars),
  })
  .strict();

export const reportSchema = z
  .object({
    postId: z.uuid('postId must be a post id (UUID)'),
    reason: z.enum(REPORT_REASONS, { error: `reason must be one of ${REPORT_REASONS.join(', ')}` }),
    details: z
      .string({ error: 'details must be text' })
      .trim()
      .max(L.reportDetailsChars, `details can be at most ${L.reportDetailsChars} characters`)
      .refine((s) => !CONTROL.test(s), 'details contain control characters')
      .optional(),
  })
  .strict();

/** The bodies as the app sends them. */
export type ShareInput = z.input<typeof shareSchema>;
export type PostRefInput = z.input<typeof postRefSchema>;
export type FollowInput = z.input<typeof followSchema>;
export type CommentInput = z.input<typeof commentSchema>;
export type ReportInput = z.input<typeof reportSchema>;
