import type { SessionRecord } from '../../data/db';
import { isSessionMode } from '../../domain/sessionModes';
import { numberOr, textOr, timeOr, withoutUndefined, type ServerRow } from './serverValues';

/** The row sent to public.sessions. Every row has the same keys (PostgREST bulk insert). */
interface SessionRow {
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
  phase_accuracy: number | null;
  rhythm_consistency: number | null;
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
    phase_accuracy: num(s.phaseAccuracy),
    rhythm_consistency: num(s.rhythmConsistency),
    session_type: s.sessionType,
    camera_used: Boolean(s.cameraUsed),
    ai_used: Boolean(s.aiUsed),
    start_time: new Date(s.startTime).toISOString(),
    end_time: new Date(end).toISOString(),
    completed: Boolean(s.completed),
    created_at: s.createdAt,
  };
}

/**
 * A session as the server has it (pulled from another device, or the echo of an upload),
 * as this device stores it: synced. Missing measurements stay missing; a missing duration
 * reads as 5 s (docs/product.md § Results and scores). Null when the row has no id or no
 * readable creation time.
 */
export function fromSessionRow(
  r: ServerRow,
  userId: string,
  serverUpdatedAt: string,
): SessionRecord | null {
  const id = textOr(r.id);
  const created = timeOr(r.created_at);
  if (!id || created === undefined) return null;
  const start = timeOr(r.start_time) ?? created;
  const type =
    typeof r.session_type === 'string' && isSessionMode(r.session_type)
      ? r.session_type
      : 'classic';
  return withoutUndefined<SessionRecord>({
    id,
    userId,
    patternId: textOr(r.pattern_id) ?? 'unknown',
    patternName:
      textOr(typeof r.pattern_name === 'string' ? r.pattern_name.trim() : undefined) ??
      'Unknown pattern',
    sessionType: type,
    startTime: start,
    endTime: timeOr(r.end_time) ?? start,
    duration: numberOr(r.session_duration) ?? 5,
    cycleCount: numberOr(r.cycle_count) ?? 0,
    targetCycles: numberOr(r.target_cycles) ?? 0,
    completed: typeof r.completed === 'boolean' ? r.completed : true,
    breathHoldTime: numberOr(r.breath_hold_time),
    restlessnessScore: numberOr(r.restlessness_score),
    stillnessScore: numberOr(r.stillness_score),
    qualityScore: numberOr(r.quality_score),
    phaseAccuracy: numberOr(r.phase_accuracy),
    rhythmConsistency: numberOr(r.rhythm_consistency),
    cameraUsed: r.camera_used === true,
    aiUsed: r.ai_used === true,
    createdAt: new Date(created).toISOString(),
    syncState: 'synced',
    attempts: 0,
    serverUpdatedAt,
  });
}
