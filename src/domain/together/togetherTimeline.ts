/**
 * Where a shared session is at a moment of the server's clock (docs/product.md § Breathe
 * together): everyone who opens it computes the same phase boundaries,
 *
 *   boundary k (server clock) = startsAt + boundaryOffsetMs(schedule, k)
 *
 * from the one start time the link carries, so a late joiner lands on the right phase and
 * nothing drifts (no ticks are counted). Pure.
 */
import {
  boundaryOffsetMs,
  positionAt,
  sessionLengthMs,
  type BreathPosition,
  type BreathSchedule,
} from '../breathClock';

export type TogetherMoment =
  | { stage: 'waiting'; msToStart: number }
  | { stage: 'breathing'; position: BreathPosition; msToEnd: number }
  | { stage: 'ended' };

export function togetherMoment(
  schedule: BreathSchedule,
  startsAt: number,
  cycles: number,
  serverNow: number,
): TogetherMoment {
  const elapsed = serverNow - startsAt;
  if (elapsed < 0) return { stage: 'waiting', msToStart: -elapsed };
  const total = sessionLengthMs(schedule, cycles);
  if (elapsed >= total) return { stage: 'ended' };
  return { stage: 'breathing', position: positionAt(schedule, elapsed), msToEnd: total - elapsed };
}

/** Server time of boundary k (k = 0 is the first inhale). */
export function boundaryServerTime(schedule: BreathSchedule, startsAt: number, k: number): number {
  return startsAt + boundaryOffsetMs(schedule, k);
}

/** The end of the shared session on the server's clock. */
export function togetherEndsAt(schedule: BreathSchedule, startsAt: number, cycles: number): number {
  return startsAt + sessionLengthMs(schedule, cycles);
}
