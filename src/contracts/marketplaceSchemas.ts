import { z } from 'zod';
import {
  MARKETPLACE_PAGE_MAX,
  MARKETPLACE_QUERY_MAX,
  MARKETPLACE_SORTS,
} from './marketplaceLimits';
import { DIFFICULTIES, PATTERN_CATEGORIES } from '../domain/patterns';
import { patternSchema } from '../domain/patternSchema';
import { programSchema } from '../domain/programs/programSchema';
import { hostilePatternText, hostileProgramText } from '../domain/links/patternLink';

/**
 * Request shapes of /api/market: server/marketplace parses with them, the app's client
 * (src/backend/api/marketplaceApi.ts) types its bodies with their input types (type-only). A published pattern follows the same rules as a pattern
 * made on /create (the domain's patternSchema, with its messages), plus the id of the
 * library pattern it comes from.
 */
export const publishSchema = patternSchema
  .extend({
    sourcePatternId: z.uuid({
      error: 'sourcePatternId must be the id (a UUID) of a pattern in your library',
    }),
  })
  .superRefine((p, ctx) => {
    // The name rule of `/p/` links (no markup, control characters or direction overrides).
    const hostile = hostilePatternText(p);
    if (hostile) ctx.addIssue({ code: 'custom', path: ['name'], message: hostile });
  });

/** ?page=N of a marketplace list: a whole number from 1 to MARKETPLACE_PAGE_MAX, 1 when absent. */
const pageParam = z.coerce
  .number({ error: 'page must be a whole number from 1' })
  .int('page must be a whole number from 1')
  .min(1, 'page must be a whole number from 1')
  .max(MARKETPLACE_PAGE_MAX, `page can be at most ${MARKETPLACE_PAGE_MAX}`)
  .default(1);

export const listQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(MARKETPLACE_QUERY_MAX, `Search text can be at most ${MARKETPLACE_QUERY_MAX} characters`)
    .default(''),
  category: z
    .enum(['all', ...PATTERN_CATEGORIES], {
      error: 'category must be all, stress, sleep, focus or energy',
    })
    .default('all'),
  difficulty: z
    .enum(['all', ...DIFFICULTIES], {
      error: 'difficulty must be all, Beginner, Intermediate or Advanced',
    })
    .default('all'),
  sort: z
    .enum(MARKETPLACE_SORTS, { error: 'sort must be rating, usage or newest' })
    .default('rating'),
  page: pageParam,
});

export const ratingSchema = z
  .object({
    rating: z
      .number({ error: 'rating must be a whole number from 1 to 5' })
      .int('rating must be a whole number from 1 to 5')
      .min(1, 'rating must be a whole number from 1 to 5')
      .max(5, 'rating must be a whole number from 1 to 5'),
  })
  .strict();

export const useSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('try') }).strict(),
    z
      .object({
        kind: z.literal('add'),
        copyId: z.uuid({ error: 'copyId must be the id (a UUID) of the copy in your library' }),
      })
      .strict(),
  ],
  { error: 'kind must be try or add' },
);

/** POST /api/market/programs: the program is parsed with the one program schema (the /create builder's and `/p/` links'). */
export const publishProgramSchema = z
  .object({
    sourceProgramId: z.uuid({
      error: 'sourceProgramId must be the id (a UUID) of one of your programs',
    }),
    program: programSchema,
  })
  .strict()
  .superRefine((b, ctx) => {
    // The text rule of `/p/` program links.
    const hostile = hostileProgramText(b.program);
    if (hostile) ctx.addIssue({ code: 'custom', path: ['program', 'name'], message: hostile });
  });

/** GET /api/market/programs?q=&page=N. */
export const programListQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(MARKETPLACE_QUERY_MAX, `Search text can be at most ${MARKETPLACE_QUERY_MAX} characters`)
    .default(''),
  page: pageParam,
});

/** The bodies as the app sends them. */
export type PublishBody = z.input<typeof publishSchema>;
export type RatingBody = z.input<typeof ratingSchema>;
export type UseBody = z.input<typeof useSchema>;
export type PublishProgramBody = z.input<typeof publishProgramSchema>;
