/**
 * Every practice is a timeline (src/domain/programs/timeline.ts, run by machines/practiceRun):
 * a program is its segments; a pattern is one breathe segment of N cycles, its zero phases
 * left out (box 4-4-4-4 has four steps a cycle, 4-7-8 three). Pure.
 */
import type { PatternTimings } from './patterns';
import type { PhaseTiming } from './programs/programTypes';
import { buildTimeline, type Timeline } from './programs/timeline';

/** The four phases of a pattern as a breathe segment's phases, in breath order, zeros left out. */
function patternPhases(p: PatternTimings): PhaseTiming[] {
  const all: PhaseTiming[] = [
    { phase: 'inhale', seconds: p.inhale },
    { phase: 'hold', seconds: p.hold },
    { phase: 'exhale', seconds: p.exhale },
    { phase: 'pause', seconds: p.hold_after_exhale },
  ];
  return all.filter((ph) => ph.seconds > 0);
}

/**
 * A pattern breathed for `cycles` cycles, as one breathe segment; with `retention` (a
 * pattern with breath retention, one round of it) the retention hold that follows, which
 * a tap ends.
 */
export function patternTimeline(p: PatternTimings, cycles: number, retention = false): Timeline {
  return buildTimeline({
    segments: [
      { kind: 'breathe', phases: patternPhases(p), cycles },
      ...(retention ? [{ kind: 'retention' as const }] : []),
    ],
  });
}
