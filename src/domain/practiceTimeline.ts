/**
 * Every practice is a timeline (src/domain/programs/timeline.ts, run by machines/practiceRun):
 * a program is its segments; a pattern is one breathe segment of N cycles, its zero phases
 * left out (box 4-4-4-4 has four steps a cycle, 4-7-8 three). Pure.
 *
 * Slowing down within a session (issue #46, item 6; docs/product.md § Heart and safety): the
 * breathe segment's `slow` (./programs/timeline) from the pattern's rate to a target rate over
 * about N minutes, every phase growing in proportion, then the target rate to the end.
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

/** The slowest target rate a session may slow down to (breaths a minute). */
const SLOW_DOWN_MIN_PER_MINUTE = 3;

/** Slow down to `toPerMinute` breaths a minute over about `minutes` minutes. */
interface SlowDown {
  toPerMinute: number;
  minutes: number;
}

/**
 * The breathe segment's `slow` for a pattern whose cycle is `phases`: the target held within
 * SLOW_DOWN_MIN_PER_MINUTE..the pattern's own rate; the cycles of the slowing chosen so that
 * they last about `minutes` (the cycle's length moves in equal steps, so N cycles from T0 to
 * T1 last N (T0 + T1) / 2), at least 2 (the first at the pattern's rate, the last at the target).
 */
function slowOf(phases: PhaseTiming[], s: SlowDown) {
  const firstMs = phases.reduce((sum, ph) => sum + Math.round(ph.seconds * 1000), 0);
  const ownRate = 60_000 / firstMs;
  const toPerMinute = Math.min(ownRate, Math.max(SLOW_DOWN_MIN_PER_MINUTE, s.toPerMinute));
  const targetMs = 60_000 / toPerMinute;
  const overCycles = Math.max(2, Math.round((2 * s.minutes * 60_000) / (firstMs + targetMs)));
  return { toPerMinute, overCycles };
}

/**
 * A pattern breathed for `cycles` cycles, as one breathe segment; with `retention` (a
 * pattern with breath retention, one round of it) the retention hold that follows, which
 * a tap ends; with `slowDown`, slowing gradually from its first cycle.
 */
export function patternTimeline(
  p: PatternTimings,
  cycles: number,
  retention = false,
  slowDown?: SlowDown,
): Timeline {
  const phases = patternPhases(p);
  return buildTimeline({
    segments: [
      {
        kind: 'breathe',
        phases,
        cycles,
        ...(slowDown && phases.length > 0 ? { slow: slowOf(phases, slowDown) } : {}),
      },
      ...(retention ? [{ kind: 'retention' as const }] : []),
    ],
  });
}
