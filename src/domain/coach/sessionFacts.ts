/**
 * What the app tells the AI coach about a session and the earlier ones (docs/product.md §
 * AI coaching): only figures the session measured. The request's other parts, the
 * providers' output and the answers are in src/contracts/coach.ts, which re-exports these.
 */
import { z } from 'zod';
import { SESSION_MODES } from '../sessionModes';

/** The most history items a request carries (the most recent ones). */
export const MAX_HISTORY_ITEMS = 20;

const percent = z.number().min(0).max(100);
const seconds = (max: number) => z.number().min(0).max(max);
/** Text the app sends: trimmed, not blank, at most `max` characters. */
export const text = (max: number) => z.string().trim().min(1).max(max);

/** One practised session as the app describes it: only figures the session measured. */
export const sessionFactsSchema = z
  .object({
    patternId: text(100),
    patternName: text(80),
    /** The pattern's four phases in seconds, when the app knows them. */
    timings: z
      .object({
        inhale: seconds(120),
        hold: seconds(120),
        exhale: seconds(120),
        hold_after_exhale: seconds(120),
      })
      .strict()
      .optional(),
    sessionType: z.enum(SESSION_MODES),
    /** Seconds of practice, pauses excluded. */
    duration: seconds(86_400),
    cycleCount: z.number().int().min(0).max(100_000),
    targetCycles: z.number().int().min(1).max(100_000),
    completed: z.boolean(),
    breathHoldTime: seconds(3_600).optional(),
    rhythmConsistency: percent.optional(),
    stillnessScore: percent.optional(),
    phaseAccuracy: percent.optional(),
    qualityScore: percent.optional(),
    /** Breaths per minute measured by the camera. */
    breathingRate: z.number().min(0).max(60).optional(),
    cameraUsed: z.boolean(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .strict();
export type SessionFacts = z.infer<typeof sessionFactsSchema>;

/** An earlier session of the same user (most recent first). */
export const historyItemSchema = z
  .object({
    patternName: text(80),
    duration: seconds(86_400),
    cycleCount: z.number().int().min(0).max(100_000),
    targetCycles: z.number().int().min(1).max(100_000),
    completed: z.boolean(),
    qualityScore: percent.optional(),
    stillnessScore: percent.optional(),
    breathHoldTime: seconds(3_600).optional(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .strict();
export type HistoryFacts = z.infer<typeof historyItemSchema>;
