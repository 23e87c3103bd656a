/**
 * What the camera measured over one session. The camera actor reports one `VisionMetrics`
 * sample per analysed frame; the session machine folds the samples taken while breathing
 * into a `VisionSummary` with `addVisionSample` (with the guide level of the animation at
 * that moment), and the stored record takes the session's figures from `visionFigures`.
 * No sample, no figure: a session without a camera has no stillness at all, and a figure
 * the camera could not measure (no face for posture, no clear rhythm for the breathing
 * rate) is null, never a stand-in (docs/product.md § Vision, § Results and scores). Pure.
 */
import {
  emptyPulseTally,
  sessionHeartRate,
  tallyPulse,
  type PulseSample,
  type PulseTally,
  type SessionHeartRate,
} from './heart/pulseTally';
import { breathBandFor, estimateBreathingRate } from './vision/breathingRate';
import type { Rect } from './vision/frames';
import type { FaceLandmark } from './vision/faceLandmarks';
import { phaseAccuracy, rhythmConsistency, type GuidedSample } from './vision/breathGuide';

/** One analysed frame (scores 0-100). */
export interface VisionMetrics {
  stillness: number;
  restlessnessScore: number;
  /** This frame's movement, before smoothing. */
  movementLevel: number;
  /** Share of the camera's frames so far with a face. */
  presence: number;
  /** Against the calibration of the first seconds; null without a face or calibration. */
  posture: number | null;
  /** A face detector looked at this frame (false when none could be loaded). */
  faceChecked: boolean;
  faceDetected: boolean;
  /** Face detector confidence 0-1 (0 without a face). */
  confidence: number;
  /** The detector's keypoints of the face in this frame (frame pixels); absent without a face or keypoints. */
  faceLandmarks?: FaceLandmark[];
  /** The followed face's box in this frame (frame pixels); absent without a face. */
  faceBox?: Rect;
  /** The camera pulse's latest reading (docs/product.md § Heart and safety); absent when it does not run. */
  pulse?: PulseSample;
  /** Vertical chest displacement in pixels (positive: down); null when not tracked. */
  breathSignal: number | null;
  /** Live breathing rate over the last minute; null while it cannot be measured. */
  breathsPerMinute: number | null;
  processingTimeMs: number;
  /** Monotonic ms at which the frame was captured. */
  capturedAt: number;
  /** Analysed on this device (there is no server analysis). */
  source: 'device';
}

/** Running sums over the samples of one session, plus the chest signal for the breathing figures. */
export interface VisionSummary {
  samples: number;
  stillnessSum: number;
  restlessnessSum: number;
  postureSum: number;
  postureSamples: number;
  faceCheckedSamples: number;
  faceDetectedSamples: number;
  processingMsSum: number;
  breath: GuidedSample[];
  pulse: PulseTally;
}

/** The session's figures from the camera (docs/product.md § Vision). */
export interface SessionVisionFigures {
  framesAnalysed: number;
  /** 0-100, rounded. */
  averageStillness: number;
  averageRestlessness: number;
  /** Percent of the checked frames with a face, rounded; null when no detector ran. */
  faceDetectionRate: number | null;
  /** Null when no face was seen after the calibration. */
  postureScore: number | null;
  /** Measured over the whole session; null when no clear breathing rhythm was found. */
  breathsPerMinute: number | null;
  /** The practised pattern's pace. */
  targetBreathsPerMinute: number;
  phaseAccuracy: number | null;
  rhythmConsistency: number | null;
  averageProcessingMs: number;
  /** The camera pulse; absent when it did not run (and in sessions stored before it). */
  heartRate?: SessionHeartRate;
}

export const emptyVisionSummary = (): VisionSummary => ({
  samples: 0,
  stillnessSum: 0,
  restlessnessSum: 0,
  postureSum: 0,
  postureSamples: 0,
  faceCheckedSamples: 0,
  faceDetectedSamples: 0,
  processingMsSum: 0,
  breath: [],
  pulse: emptyPulseTally(),
});

const score = (v: number | null) =>
  typeof v === 'number' && Number.isFinite(v) ? Math.min(100, Math.max(0, v)) : null;

/**
 * Adds one sample taken while the guide stood at `guide` (0-1). A sample whose stillness
 * or restlessness is not a number is left out whole; a posture or chest value that is
 * not a number is left out of its own figure only.
 */
export function addVisionSample(
  summary: VisionSummary,
  sample: VisionMetrics,
  guide = 0,
): VisionSummary {
  const stillness = score(sample.stillness);
  const restlessness = score(sample.restlessnessScore);
  if (stillness === null || restlessness === null) return summary;
  const posture = sample.faceDetected ? score(sample.posture) : null;
  const y = sample.breathSignal;
  const traced = typeof y === 'number' && Number.isFinite(y) && Number.isFinite(sample.capturedAt);
  const ms = Number.isFinite(sample.processingTimeMs) ? Math.max(0, sample.processingTimeMs) : 0;
  return {
    samples: summary.samples + 1,
    stillnessSum: summary.stillnessSum + stillness,
    restlessnessSum: summary.restlessnessSum + restlessness,
    postureSum: summary.postureSum + (posture ?? 0),
    postureSamples: summary.postureSamples + (posture === null ? 0 : 1),
    faceCheckedSamples: summary.faceCheckedSamples + (sample.faceChecked ? 1 : 0),
    faceDetectedSamples:
      summary.faceDetectedSamples + (sample.faceChecked && sample.faceDetected ? 1 : 0),
    processingMsSum: summary.processingMsSum + ms,
    breath: traced ? [...summary.breath, { t: sample.capturedAt, y, guide }] : summary.breath,
    pulse: tallyPulse(summary.pulse ?? emptyPulseTally(), sample.pulse),
  };
}

/**
 * The session's figures, or undefined when the camera measured nothing. `cycleSeconds`
 * is the practised pattern's cycle (the target pace).
 */
export function visionFigures(
  summary: VisionSummary,
  cycleSeconds: number,
): SessionVisionFigures | undefined {
  const n = summary.samples;
  if (n < 1) return undefined;
  const targetHz = cycleSeconds > 0 ? 1 / cycleSeconds : null;
  const band = breathBandFor(targetHz);
  const rate = estimateBreathingRate(summary.breath, band);
  return {
    framesAnalysed: n,
    averageStillness: Math.round(summary.stillnessSum / n),
    averageRestlessness: Math.round(summary.restlessnessSum / n),
    faceDetectionRate:
      summary.faceCheckedSamples > 0
        ? Math.round((summary.faceDetectedSamples / summary.faceCheckedSamples) * 100)
        : null,
    postureScore:
      summary.postureSamples > 0 ? Math.round(summary.postureSum / summary.postureSamples) : null,
    breathsPerMinute: rate ? rate.breathsPerMinute : null,
    targetBreathsPerMinute: targetHz ? Math.round(targetHz * 600) / 10 : 0,
    phaseAccuracy: rate ? phaseAccuracy(summary.breath, band, cycleSeconds) : null,
    rhythmConsistency: rate ? rhythmConsistency(summary.breath, band, cycleSeconds) : null,
    averageProcessingMs: Math.round(summary.processingMsSum / n),
    ...withHeartRate(sessionHeartRate(summary.pulse ?? emptyPulseTally())),
  };
}

const withHeartRate = (heartRate: SessionHeartRate | undefined) => (heartRate ? { heartRate } : {});
