/**
 * The practice run: one machine for any timeline (docs/product.md § Breath timing,
 * § Programs, § Breathe together). A timeline is segments of steps (src/domain/programs/
 * timeline.ts): a pattern is one breathe segment of N cycles (src/domain/practiceTimeline.ts),
 * a program many segments, a shared session either with a start time on the server's clock.
 *
 *   waiting  until the start time (a countdown; or a shared session's start, given from
 *            outside); a start time already past starts on the phase in progress (a late joiner)
 *   running  wakes at the next step boundary (and each whole second of a step, for the
 *            countdown on screen) and finds the position from the clock; a TAP ends a hold a
 *            tap may end (an apnea-table hold, a retention); PAUSE outside holds; ALIGN moves
 *            the start so the guide follows the audio track's clock
 *   paused   RESUME goes on where it stopped; paused time is not practice time
 *   done     the end of the last step, or STOP
 *
 * Boundaries are start + sum of durations + paused time (the domain's RunState), never
 * counted ticks: a late wake only finds the same answer later. The clock is `input.now`
 * (monotonic ms; performance.now by default); events carry their own `now`. The wakes are
 * the actor's delayed transitions, so a fake clock (vitest's timers) runs them exactly.
 */
import { assign, enqueueActions, setup } from 'xstate';
import { activeElapsedMs } from '../domain/breathClock';
import { type Timeline } from '../domain/programs/timeline';
import {
  alignRun,
  endStepByTap,
  holdResults,
  pauseRun,
  positionAtElapsed,
  resumeRun,
  retentionTimesMs,
  runPosition,
  startRun,
  type HoldResult,
  type RunPosition,
  type RunState,
} from '../domain/programs/timelineRun';

interface PracticeRunInput {
  timeline: Timeline;
  /** Monotonic ms of the first step's start: now plus a countdown, or a shared start (past or future). */
  startAt: number;
  now?: () => number;
}

interface PracticeRunContext {
  timeline: Timeline;
  now: () => number;
  startAt: number;
  run: RunState;
  position: RunPosition;
  endedAtMs: number | null;
  completed: boolean;
}

type PracticeRunEvent =
  /** Look at the clock now (the page came back to the front, a test). */
  | { type: 'TICK'; now: number }
  | { type: 'PAUSE'; now: number }
  | { type: 'RESUME'; now: number }
  | { type: 'TAP'; now: number }
  | { type: 'STOP'; now: number }
  /** The audio track says the active elapsed time at `now` is `elapsedMs`. */
  | { type: 'ALIGN'; now: number; elapsedMs: number };

type PracticeRunEmitted = { type: 'step'; stepIndex: number; position: RunPosition; at: number };

export interface PracticeRunOutput {
  /** Active ms, pauses excluded, holds included. */
  activeMs: number;
  cycleCount: number;
  totalCycles: number;
  /** Timed holds the timeline plans (a breath-hold table's measure of progress). */
  totalHolds: number;
  completed: boolean;
  /** Each retention's measured length, round by round. */
  retentionsMs: number[];
  holds: HoldResult[];
  pauseCount: number;
}

/** A step the user must not pause in: a hold or a retention (a tap ends those instead). */
export function isHoldStep(p: RunPosition): boolean {
  const s = p.step;
  return s !== null && s.cycle < 0 && s.kind !== 'rest';
}

/** Ms until the next whole second of `ms` counting down (1000 at a whole second). */
const toNextSecond = (ms: number) => {
  const r = ms % 1000;
  return r > 0 ? r : 1000;
};

/** Ms from `now` until the run should look again: the next boundary or screen second. */
function wakeDelayMs(c: PracticeRunContext, now: number): number {
  if (now < c.startAt) {
    const left = c.startAt - now;
    return Math.min(left, toNextSecond(left));
  }
  const p = runPosition(c.timeline, c.run, now);
  if (p.done) return 0;
  if (p.stepRemainingMs === null) return 1000 - (p.stepElapsedMs % 1000);
  return Math.max(0, Math.min(p.stepRemainingMs, toNextSecond(p.stepRemainingMs)));
}

function practiceOutput(c: PracticeRunContext): PracticeRunOutput {
  const activeMs = c.endedAtMs ?? c.position.elapsedMs;
  return {
    activeMs,
    cycleCount: c.position.completedCycles,
    totalCycles: c.timeline.totalCycles,
    totalHolds: c.timeline.steps.filter(
      (s) => s.cycle < 0 && (s.kind === 'hold' || s.kind === 'pause'),
    ).length,
    completed: c.completed,
    retentionsMs: retentionTimesMs(c.timeline, c.run),
    holds: holdResults(c.timeline, c.run, activeMs),
    pauseCount: c.run.clock.pauseCount,
  };
}

/** The event's time, or the clock's for a wake (a delayed transition has none). */
const timeOf = (context: PracticeRunContext, event: { type: string; now?: number }) =>
  typeof event.now === 'number' ? event.now : context.now();

export const practiceRunMachine = setup({
  types: {
    input: {} as PracticeRunInput,
    context: {} as PracticeRunContext,
    events: {} as PracticeRunEvent,
    emitted: {} as PracticeRunEmitted,
    output: {} as PracticeRunOutput,
  },
  delays: {
    wake: ({ context }) => wakeDelayMs(context, context.now()),
  },
  guards: {
    started: ({ context, event }) => timeOf(context, event) >= context.startAt,
    finished: ({ context, event }) =>
      runPosition(context.timeline, context.run, timeOf(context, event)).done,
    pausable: ({ context, event }) =>
      !isHoldStep(runPosition(context.timeline, context.run, timeOf(context, event))),
  },
  actions: {
    advance: enqueueActions(({ context, event, enqueue }) => {
      const at = timeOf(context, event);
      const position = runPosition(context.timeline, context.run, at);
      enqueue.assign({ position });
      if (position.stepIndex !== context.position.stepIndex)
        enqueue.emit({ type: 'step', stepIndex: position.stepIndex, position, at });
    }),
    tap: assign(({ context, event }) => ({
      run: endStepByTap(context.timeline, context.run, timeOf(context, event)),
    })),
    align: assign(({ context, event }) => {
      const e = event as Extract<PracticeRunEvent, { type: 'ALIGN' }>;
      return { run: alignRun(context.run, e.now, e.elapsedMs) };
    }),
    pause: assign(({ context, event }) => {
      const now = timeOf(context, event);
      const run = pauseRun(context.run, now);
      return { run, position: runPosition(context.timeline, run, now) };
    }),
    resume: assign(({ context, event }) => ({
      run: resumeRun(context.run, timeOf(context, event)),
    })),
    finish: assign(({ context, event }) => {
      const elapsed = activeElapsedMs(context.run.clock, timeOf(context, event));
      const position = positionAtElapsed(context.timeline, context.run, elapsed);
      return { position, endedAtMs: position.stepStartMs, completed: true };
    }),
    stop: assign(({ context, event }) => {
      const elapsed = Math.max(0, activeElapsedMs(context.run.clock, timeOf(context, event)));
      return {
        position: positionAtElapsed(context.timeline, context.run, elapsed),
        endedAtMs: elapsed,
        completed: false,
      };
    }),
  },
}).createMachine({
  id: 'practiceRun',
  context: ({ input }) => {
    if (input.timeline.steps.length === 0) throw new Error('A practice needs at least one step');
    const run = startRun(input.startAt);
    return {
      timeline: input.timeline,
      now: input.now ?? (() => performance.now()),
      startAt: input.startAt,
      run,
      // Nothing shown yet: the first wake (at once when the start is past) finds the step.
      position: { ...positionAtElapsed(input.timeline, run, 0), stepIndex: -1 },
      endedAtMs: null,
      completed: false,
    };
  },
  initial: 'waiting',
  output: ({ context }) => practiceOutput(context),
  states: {
    waiting: {
      always: { guard: 'started', target: 'running' },
      after: { wake: { target: 'waiting', reenter: true } },
      on: {
        TICK: { target: 'waiting', reenter: true },
        STOP: { target: 'done', actions: 'stop' },
      },
    },
    running: {
      entry: 'advance',
      always: { guard: 'finished', target: 'done', actions: 'finish' },
      after: { wake: { target: 'running', reenter: true } },
      on: {
        TICK: { target: 'running', reenter: true },
        TAP: { target: 'running', reenter: true, actions: 'tap' },
        ALIGN: { target: 'running', reenter: true, actions: 'align' },
        PAUSE: { guard: 'pausable', target: 'paused', actions: 'pause' },
        STOP: { target: 'done', actions: 'stop' },
      },
    },
    paused: {
      on: {
        RESUME: { target: 'running', actions: 'resume' },
        STOP: { target: 'done', actions: 'stop' },
      },
    },
    done: { type: 'final' },
  },
});
