/**
 * Where a shared session is at a moment of the server's clock (docs/product.md § Breathe
 * together): everyone who opens it computes the same phase boundaries,
 *
 *   boundary k (server clock) = startsAt + boundaryOffsetMs(schedule, k)
 *
 * from the one start time the link carries, so a late joiner lands on the right phase and
 * nothing drifts (no ticks are counted). Each page runs the shared session as a pattern's
 * timeline on the one practice machine (machines/practiceRun) from that start; the server
 * needs only its end. Pure.
 */
import { sessionLengthMs, type BreathSchedule } from '../breathClock';

/** The end of the shared session on the server's clock. */
export function togetherEndsAt(schedule: BreathSchedule, startsAt: number, cycles: number): number {
  return startsAt + sessionLengthMs(schedule, cycles);
}
