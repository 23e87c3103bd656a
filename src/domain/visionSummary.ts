/**
 * What the camera measured over one session. The camera actor reports one `VisionMetrics`
 * sample at a time; the session machine folds them into a `VisionSummary` with
 * `addVisionSample`, and the stored record takes its averages (`visionAverages`).
 * No sample, no figure: a session without a camera has no stillness at all
 * (docs/product.md § Vision, § Results and scores). Pure.
 */

/** One sample from the camera (all scores 0-100). */
export interface VisionMetrics {
  stillness: number;
  presence: number;
  posture: number;
  restlessnessScore: number;
  faceDetected: boolean;
  /** 0-1. */
  confidence: number;
  processingTimeMs: number;
  source: 'backend' | 'fallback' | 'device';
}

/** Running sums over the samples of one session. */
export interface VisionSummary {
  samples: number;
  stillnessSum: number;
  restlessnessSum: number;
  postureSum: number;
  faceDetectedSamples: number;
}

export interface VisionAverages {
  /** 0-100, rounded. */
  averageStillness: number;
  averageRestlessness: number;
  postureScore: number;
  /** Percent of samples with a face, rounded. */
  faceDetectionRate: number;
}

export const emptyVisionSummary = (): VisionSummary => ({
  samples: 0,
  stillnessSum: 0,
  restlessnessSum: 0,
  postureSum: 0,
  faceDetectedSamples: 0,
});

const score = (v: number) => (Number.isFinite(v) ? Math.min(100, Math.max(0, v)) : null);

/** Adds one sample; a sample with a score that is not a number is left out whole. */
export function addVisionSample(summary: VisionSummary, sample: VisionMetrics): VisionSummary {
  const stillness = score(sample.stillness);
  const restlessness = score(sample.restlessnessScore);
  const posture = score(sample.posture);
  if (stillness === null || restlessness === null || posture === null) return summary;
  return {
    samples: summary.samples + 1,
    stillnessSum: summary.stillnessSum + stillness,
    restlessnessSum: summary.restlessnessSum + restlessness,
    postureSum: summary.postureSum + posture,
    faceDetectedSamples: summary.faceDetectedSamples + (sample.faceDetected ? 1 : 0),
  };
}

/** The session's averages, or undefined when the camera measured nothing. */
export function visionAverages(summary: VisionSummary): VisionAverages | undefined {
  const n = summary.samples;
  if (n < 1) return undefined;
  return {
    averageStillness: Math.round(summary.stillnessSum / n),
    averageRestlessness: Math.round(summary.restlessnessSum / n),
    postureScore: Math.round(summary.postureSum / n),
    faceDetectionRate: Math.round((summary.faceDetectedSamples / n) * 100),
  };
}
