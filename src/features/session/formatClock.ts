import { formatDuration } from '../../domain/duration';

/** The live session clock: whole seconds passed (never rounded up), as every duration reads. */
export function formatClock(totalSeconds: number): string {
  return formatDuration(Math.floor(Math.max(0, totalSeconds)));
}
