/**
 * The AI analysis contract (docs/product.md § AI coaching): what the app sends to
 * `POST /api/ai-analysis`, what a provider must produce, and what the server answers.
 * The server validates requests and the providers' output with these schemas; the app
 * validates the server's answer with them. Pure (zod only); loaded only with the coach UI
 * and on the server. The session facts are the domain's (src/domain/coach/sessionFacts.ts),
 * re-exported here for both sides.
 */
import { z } from 'zod';
import { DIFFICULTIES, PATTERN_CATEGORIES } from '../domain/patterns';
import { AI_PROVIDERS } from '../domain/coach/constants';
import { SUGGESTED_PHASE_TYPES, suggestionProblems } from '../domain/coach/suggestedPattern';
import {
  historyItemSchema,
  MAX_HISTORY_ITEMS,
  sessionFactsSchema,
  text,
  type HistoryFacts,
  type SessionFacts,
} from '../domain/coach/sessionFacts';
import { endpoint, shape } from './endpoint';

/** The coach's endpoints under /api (the old name ai-analysis stays: docs/glossary.md). */
export const COACH_API = Object.freeze({
  /** The providers this server has keys for (public key or user token). */
  providers: endpoint('GET', '/ai-analysis/providers', shape<unknown>()),
  /** One analysis (user token; body: AnalysisRequest). */
  analyse: endpoint('POST', '/ai-analysis', shape<unknown, AnalysisRequest>()),
});

/** Where the server mounts the coach's routes under /api. */
export const COACH_MOUNT = '/ai-analysis';

export {
  historyItemSchema,
  MAX_HISTORY_ITEMS,
  sessionFactsSchema,
  type HistoryFacts,
  type SessionFacts,
};

const historyFields = {
  history: z.array(historyItemSchema).max(MAX_HISTORY_ITEMS),
  /** All the user's sessions on the device, this one included. */
  totalSessions: z.number().int().min(0).max(1_000_000),
};

const sessionDataSchema = z.object({ session: sessionFactsSchema, ...historyFields }).strict();
const patternDataSchema = z
  .object({
    session: sessionFactsSchema.optional(),
    ...historyFields,
    goal: z.enum(PATTERN_CATEGORIES).optional(),
  })
  .strict();
export type SessionData = z.infer<typeof sessionDataSchema>;
export type PatternData = z.infer<typeof patternDataSchema>;

export const analysisRequestSchema = z.discriminatedUnion('analysis_type', [
  z
    .object({
      provider: z.enum(AI_PROVIDERS),
      analysis_type: z.literal('session'),
      session_data: sessionDataSchema,
    })
    .strict(),
  z
    .object({
      provider: z.enum(AI_PROVIDERS),
      analysis_type: z.literal('pattern'),
      session_data: patternDataSchema,
    })
    .strict(),
]);
export type AnalysisRequest = z.infer<typeof analysisRequestSchema>;

/**
 * The request in the one form the schema reads: the orchestrated variant
 * `{ provider, sessionData, analysisType }` becomes `{ provider, session_data, analysis_type }`.
 * Anything else is returned as it is (the schema then says what is wrong).
 */
export function normalizeAnalysisRequest(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const b = body as Record<string, unknown>;
  if (!('analysisType' in b) && !('sessionData' in b)) return body;
  const { analysisType, sessionData, ...rest } = b;
  return {
    ...rest,
    ...(analysisType !== undefined ? { analysis_type: analysisType } : {}),
    ...(sessionData !== undefined ? { session_data: sessionData } : {}),
  };
}

// ---------------------------------------------------------------------------------------
// What a provider must produce

const score = z.number().int().min(0).max(100);

export const sessionOutputSchema = z
  .object({
    analysis: text(4_000),
    score: z.object({ overall: score, focus: score, consistency: score, progress: score }).strict(),
    suggestions: z.array(text(500)).min(1).max(5),
    nextSteps: z.array(text(500)).min(1).max(5),
    encouragement: text(500),
  })
  .strict();

const suggestedPhaseSchema = z
  .object({
    type: z.enum(SUGGESTED_PHASE_TYPES),
    duration: z.number().min(0).max(60),
    instruction: text(200),
  })
  .strict();

const patternOutputFields = z
  .object({
    name: text(80),
    description: text(500),
    phases: z.array(suggestedPhaseSchema).min(2).max(4),
    reasoning: text(2_000),
    category: z.enum(PATTERN_CATEGORIES),
    difficulty: z.enum(DIFFICULTIES),
    benefits: z.array(text(120)).max(5),
  })
  .strict();

/** A suggested pattern must also be one the pattern schema accepts (see suggestedPattern). */
export const patternOutputSchema = patternOutputFields.superRefine((value, ctx) => {
  for (const message of suggestionProblems(value))
    ctx.addIssue({ code: 'custom', message, path: ['phases'] });
});

/** JSON Schema handed to the provider for a session analysis (the shape only; bounds are checked with zod). */
export const SESSION_OUTPUT_JSON_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['analysis', 'score', 'suggestions', 'nextSteps', 'encouragement'],
  properties: {
    analysis: {
      type: 'string',
      description: 'Two to four sentences about this session that cite its measured figures.',
    },
    score: {
      type: 'object',
      additionalProperties: false,
      required: ['overall', 'focus', 'consistency', 'progress'],
      properties: {
        overall: {
          type: 'integer',
          minimum: 0,
          maximum: 100,
          description: 'The session as a whole.',
        },
        focus: {
          type: 'integer',
          minimum: 0,
          maximum: 100,
          description: 'Attention and stillness.',
        },
        consistency: {
          type: 'integer',
          minimum: 0,
          maximum: 100,
          description: 'How even the rhythm was.',
        },
        progress: {
          type: 'integer',
          minimum: 0,
          maximum: 100,
          description: 'Compared with earlier sessions.',
        },
      },
    },
    suggestions: {
      type: 'array',
      minItems: 1,
      maxItems: 5,
      items: { type: 'string' },
      description: 'Concrete advice for the next session, one sentence each.',
    },
    nextSteps: {
      type: 'array',
      minItems: 1,
      maxItems: 5,
      items: { type: 'string' },
      description: 'What to practice next, one sentence each.',
    },
    encouragement: { type: 'string', description: 'One warm, honest sentence.' },
  },
} as const;

/** JSON Schema handed to the provider for a suggested pattern. */
export const PATTERN_OUTPUT_JSON_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'description', 'phases', 'reasoning', 'category', 'difficulty', 'benefits'],
  properties: {
    name: { type: 'string', description: 'A short pattern name, at most 80 characters.' },
    description: {
      type: 'string',
      description: 'What the pattern is for, at most 500 characters.',
    },
    phases: {
      type: 'array',
      minItems: 2,
      maxItems: 4,
      description:
        'The phases in breathing order, each type at most once; inhale and exhale are required and last at least 0.5 s.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['type', 'duration', 'instruction'],
        properties: {
          type: { type: 'string', enum: [...SUGGESTED_PHASE_TYPES] },
          duration: { type: 'number', minimum: 0, maximum: 60, description: 'Seconds.' },
          instruction: { type: 'string', description: 'One short cue for this phase.' },
        },
      },
    },
    reasoning: {
      type: 'string',
      description: 'Why this pattern suits this person, citing their figures.',
    },
    category: { type: 'string', enum: [...PATTERN_CATEGORIES] },
    difficulty: { type: 'string', enum: [...DIFFICULTIES] },
    benefits: { type: 'array', maxItems: 5, items: { type: 'string' } },
  },
} as const;

// ---------------------------------------------------------------------------------------
// What the server answers

const answeredBy = {
  provider: z.enum(AI_PROVIDERS),
  /** The model that actually answered, as the provider reported it. */
  model: text(200),
};

export const sessionAnalysisResponseSchema = sessionOutputSchema.extend({
  analysisType: z.literal('session'),
  overallScore: score,
  ...answeredBy,
});
export type SessionAnalysisResponse = z.infer<typeof sessionAnalysisResponseSchema>;

export const patternResponseSchema = patternOutputFields
  .extend({ analysisType: z.literal('pattern'), ...answeredBy })
  .superRefine((value, ctx) => {
    for (const message of suggestionProblems(value))
      ctx.addIssue({ code: 'custom', message, path: ['phases'] });
  });
export type PatternResponse = z.infer<typeof patternResponseSchema>;

export const providersResponseSchema = z.object({
  providers: z.array(z.object({ id: z.enum(AI_PROVIDERS), model: text(200) })),
});
export type ProvidersResponse = z.infer<typeof providersResponseSchema>;
