import { z } from 'zod';

/**
 * One camera summary as the app uploads it: numbers only. Unknown keys are refused, so
 * nothing else (a frame, an image, landmarks) can ride along (docs/product.md § Vision).
 */
const score = z.number().finite().min(0).max(100);
const rate = z.number().finite().min(0).max(60);

export const visionSummarySchema = z
  .object({
    id: z.uuid(),
    session_id: z.uuid(),
    frames_analysed: z.number().int().min(1).max(1_000_000),
    average_stillness: score,
    average_restlessness: score,
    face_detection_rate: score.nullable(),
    posture_score: score.nullable(),
    breaths_per_minute: rate.nullable(),
    target_breaths_per_minute: rate.nullable(),
    phase_accuracy: score.nullable(),
    rhythm_consistency: score.nullable(),
    average_processing_ms: z.number().finite().min(0).max(600_000).nullable(),
    created_at: z.iso.datetime({ offset: true }).optional(),
  })
  .strict();

export type VisionSummaryBody = z.infer<typeof visionSummarySchema>;

/** Most summaries one request may carry. */
export const MAX_SUMMARIES = 50;

/** One summary, or a batch (the outbox sends arrays); a single one reads as a batch of one. */
export const visionUploadSchema = z.preprocess(
  (v) => (Array.isArray(v) ? v : [v]),
  z.array(visionSummarySchema).min(1).max(MAX_SUMMARIES),
);

export const VISION_COLUMNS = [
  'id',
  'session_id',
  'frames_analysed',
  'average_stillness',
  'average_restlessness',
  'face_detection_rate',
  'posture_score',
  'breaths_per_minute',
  'target_breaths_per_minute',
  'phase_accuracy',
  'rhythm_consistency',
  'average_processing_ms',
  'created_at',
] as const;
