import type { RefObject } from 'react';
import type { BreathPosition, BreathSchedule } from '../../../domain/breathClock';

/** Where the breath is, and what the guide needs to run the rest of the round by itself. */
export interface GuideMoment {
  pos: BreathPosition;
  schedule: BreathSchedule;
  /** Active ms into the current round. */
  elapsedMs: number;
  /** Cycles in the round: the guide's animation repeats once per cycle, this many times. */
  cycles: number;
  running: boolean;
  /** The round's start on the breath clock (performance.now() ms) while running, for the timing probe. */
  roundStartAt: number | null;
  round: number;
}

/**
 * A guide shows the breath at a moment and, while the session runs, moves on by itself as
 * compositor animations (Web Animations of transform and opacity), one iteration per
 * breath cycle: no script, style or layout work per frame, and phase boundaries that stay
 * exact even when the page's main thread is busy. BreathVisual calls `show` when the
 * session starts, pauses, resumes or a round begins (inside a frame callback, so the
 * animation starts on that frame), and `tick` when the words change (about once a second).
 */
export interface GuideDriver {
  show(moment: GuideMoment): void;
  tick?(pos: BreathPosition): void;
}

export interface GuideProps {
  driverRef: RefObject<GuideDriver | null>;
}
