import type { SessionRecord } from '../../data/db';

/** The row sent to public.sessions. Every row has the same keys (PostgREST bulk insert). */
export interface SessionRow {
  id: string;
  user_id: string;
  pattern_id: string;
  pattern_name: string;
  session_duration: number;
  cycle_count: number;
  target_cycles: number;
  breath_hold_time: number | null;
  restlessness_score: number | null;
  stillness_score: number | null;
  quality_score: number | null;
  session_type: string;
  camera_used: boolean;
  ai_used: boolean;
  start_time: string;
  end_time: string;
  completed: boolean;
  created_at: string;
}

/** A finite number, or null for the server (missing or broken measurements). */
const num = (v: number | undefined): number | null =>
  typeof v === 'number' && Number.isFinite(v) ? v : null;

const count = (v: number): number => Math.max(0, Math.round(v));

/** A session without a real start time is never uploaded: it stays on this device. */
export function isValidStartTime(s: Pick<SessionRecord, 'startTime'>): boolean {
  return (
    typeof s.startTime === 'number' &&
    Number.isFinite(s.startTime) &&
    s.startTime > 0 &&
    !Number.isNaN(new Date(s.startTime).getTime())
  );
}

export function toSessionRow(s: SessionRecord, userId: string): SessionRow {
  const end = Number.isFinite(s.endTime) && s.endTime > 0 ? s.endTime : s.startTime;
  return {
    id: s.id,
    user_id: userId,
    pattern_id: s.patternId,
    pattern_name: s.patternName,
    session_duration: count(Number.isFinite(s.duration) ? s.duration : 0),
    cycle_count: count(s.cycleCount || 0),
    target_cycles: count(s.targetCycles || 0),
    breath_hold_time: num(s.breathHoldTime),
    restlessness_score: num(s.restlessnessScore),
    stillness_score: num(s.stillnessScore),
    quality_score: num(s.qualityScore),
    session_type: s.sessionType,
    camera_used: Boolean(s.cameraUsed),
    ai_used: Boolean(s.aiUsed),
    start_time: new Date(s.startTime).toISOString(),
    end_time: new Date(end).toISOString(),
    completed: Boolean(s.completed),
    created_at: s.createdAt,
  };
}
