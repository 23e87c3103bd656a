/**
 * A shared session (breathing together) as the row that is stored and synced like any
 * session (docs/product.md § Breathe together). What this participant breathed: from the
 * moment they joined (a late joiner breathes less) to the shared end, with the cycles they
 * breathed whole. Built by buildSessionRecord, the one builder of a pattern session's row.
 * Pure: ids, user and times come in from the caller.
 */
import { buildSchedule, sessionLengthMs } from '../breathClock';
import type { LinkedPattern } from '../links/patternLink';
import { linkedPatternId } from '../links/patternLink';
import { sessionConfigFor } from '../patternChoice';
import { buildSessionRecord, type SessionRecord } from '../sessionRecord';

export function buildTogetherSessionRecord(f: {
  id: string;
  pattern: LinkedPattern;
  cycles: number;
  /** Ms into the shared session (on its own timeline) when this participant's guide began. */
  joinedAtMs: number;
  /** Wall-clock epoch ms of this participant's start and end. */
  startEpochMs: number;
  endEpochMs: number;
  userId: string | null;
}): SessionRecord {
  const schedule = buildSchedule(f.pattern);
  const total = sessionLengthMs(schedule, f.cycles);
  const joined = Math.min(total, Math.max(0, f.joinedAtMs));
  // Cycles breathed whole: a cycle already under way at the join does not count.
  const firstWhole = Math.ceil(joined / schedule.cycleMs - 1e-9);
  const config = sessionConfigFor('classic', {
    ...f.pattern,
    id: linkedPatternId(f.pattern),
    benefits: [],
    hasBreathHold: false,
    source: 'url',
  });
  return buildSessionRecord({
    id: f.id,
    breathing: {
      activeMs: total - joined,
      cycleCount: Math.max(0, f.cycles - firstWhole),
      targetCycles: f.cycles,
      completed: true,
      interruptedCycles: 0,
    },
    config: { ...config, targetCycles: f.cycles },
    startEpochMs: f.startEpochMs,
    endEpochMs: f.endEpochMs,
    userId: f.userId,
    vision: null,
  });
}
