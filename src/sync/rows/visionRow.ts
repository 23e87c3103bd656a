import type { SessionRecord } from '../../data/db';

/** The row sent to POST /api/vision/sessions: the camera's figures of one session, numbers only. */
interface VisionSessionRow {
  id: string;
  session_id: string;
  frames_analysed: number;
  average_stillness: number;
  average_restlessness: number;
  face_detection_rate: number | null;
  posture_score: number | null;
  breaths_per_minute: number | null;
  target_breaths_per_minute: number | null;
  phase_accuracy: number | null;
  rhythm_consistency: number | null;
  average_processing_ms: number | null;
  created_at: string;
}

/** A finite number within [min, max], or null (not measured, or broken). */
const within = (v: number | null | undefined, min: number, max: number): number | null =>
  typeof v === 'number' && Number.isFinite(v) ? Math.min(max, Math.max(min, v)) : null;

/** True when the record carries a camera summary that can be uploaded. */
export function hasVisionSummary(s: SessionRecord): boolean {
  return Boolean(s.vision && s.visionSessionId && s.vision.framesAnalysed >= 1);
}

export function toVisionRow(s: SessionRecord, _userId: string): VisionSessionRow {
  const v = s.vision!;
  return {
    id: s.visionSessionId!,
    session_id: s.id,
    frames_analysed: Math.max(1, Math.round(v.framesAnalysed)),
    average_stillness: within(v.averageStillness, 0, 100) ?? 0,
    average_restlessness: within(v.averageRestlessness, 0, 100) ?? 0,
    face_detection_rate: within(v.faceDetectionRate, 0, 100),
    posture_score: within(v.postureScore, 0, 100),
    breaths_per_minute: within(v.breathsPerMinute, 0, 60),
    target_breaths_per_minute: within(v.targetBreathsPerMinute, 0, 60),
    phase_accuracy: within(v.phaseAccuracy, 0, 100),
    rhythm_consistency: within(v.rhythmConsistency, 0, 100),
    average_processing_ms: within(v.averageProcessingMs, 0, 600_000),
    created_at: s.createdAt,
  };
}
