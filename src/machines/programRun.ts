/**
 * The program run (docs/product.md § Programs): a session made of segments, from the
 * first inhale to the end of the last segment. Pure timing is the domain's
 * (src/domain/programs/timeline.ts); this machine only keeps the run and reacts:
 *
 *   running  TICK (every 100 ms, from the `ticker` actor) finds the position; a TAP ends a
 *            hold a tap may end (an apnea-table hold, a retention); PAUSE outside holds;
 *            ALIGN moves the start so the guide follows the audio track's clock
 *   paused   RESUME goes on where it stopped
 *   done     the end of the last segment, or STOP
 *
 * Time comes in on the events (`now`, monotonic ms); the machine never reads a clock
 * itself. Tests replace the ticker and send TICKs by hand.
 */
import { assign, enqueueActions, fromCallback, setup } from 'xstate';
import { activeElapsedMs } from '../domain/breathClock';
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
  type Timeline,
} from '../domain/programs/timeline';

const PROGRAM_TICK_MS = 100;

interface ProgramRunInput {
  timeline: Timeline;
  /** Monotonic ms at which the first step starts. */
  startAt: number;
  now?: () => number;
}

interface ProgramRunContext {
  timeline: Timeline;
  now: () => number;
  run: RunState;
  position: RunPosition;
  endedAtMs: number | null;
  completed: boolean;
}

type ProgramRunEvent =
  | { type: 'TICK'; now: number }
  | { type: 'PAUSE'; now: number }
  | { type: 'RESUME'; now: number }
  | { type: 'TAP'; now: number }
  | { type: 'STOP'; now: number }
  /** The audio track says the active elapsed time at `now` is `elapsedMs`. */
  | { type: 'ALIGN'; now: number; elapsedMs: number };

type ProgramRunEmitted = { type: 'step'; stepIndex: number; position: RunPosition };

export interface ProgramRunOutput {
  /** Active ms, pauses excluded, holds included. */
  activeMs: number;
  cycleCount: number;
  totalCycles: number;
  /** Timed holds the program plans (a breath-hold table's measure of progress). */
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

function programOutput(c: ProgramRunContext): ProgramRunOutput {
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

const nowOf = (e: ProgramRunEvent) => e.now;

export const programRunMachine = setup({
  types: {
    input: {} as ProgramRunInput,
    context: {} as ProgramRunContext,
    events: {} as ProgramRunEvent,
    emitted: {} as ProgramRunEmitted,
    output: {} as ProgramRunOutput,
  },
  actors: {
    ticker: fromCallback<ProgramRunEvent, { now: () => number }>(({ sendBack, input }) => {
      const id = setInterval(() => sendBack({ type: 'TICK', now: input.now() }), PROGRAM_TICK_MS);
      return () => clearInterval(id);
    }),
  },
  guards: {
    finished: ({ context, event }) => runPosition(context.timeline, context.run, nowOf(event)).done,
    pausable: ({ context, event }) =>
      !isHoldStep(runPosition(context.timeline, context.run, nowOf(event))),
  },
  actions: {
    advance: enqueueActions(({ context, event, enqueue }) => {
      const position = runPosition(context.timeline, context.run, nowOf(event));
      enqueue.assign({ position });
      if (position.stepIndex !== context.position.stepIndex)
        enqueue.emit({ type: 'step', stepIndex: position.stepIndex, position });
    }),
    tap: assign(({ context, event }) => ({
      run: endStepByTap(context.timeline, context.run, nowOf(event)),
    })),
    align: assign(({ context, event }) => {
      const e = event as Extract<ProgramRunEvent, { type: 'ALIGN' }>;
      return { run: alignRun(context.run, e.now, e.elapsedMs) };
    }),
    pause: assign(({ context, event }) => {
      const run = pauseRun(context.run, nowOf(event));
      return { run, position: runPosition(context.timeline, run, nowOf(event)) };
    }),
    resume: assign(({ context, event }) => ({ run: resumeRun(context.run, nowOf(event)) })),
    finish: assign(({ context, event }) => {
      const elapsed = activeElapsedMs(context.run.clock, nowOf(event));
      const position = positionAtElapsed(context.timeline, context.run, elapsed);
      return { position, endedAtMs: position.stepStartMs, completed: true };
    }),
    stop: assign(({ context, event }) => {
      const elapsed = activeElapsedMs(context.run.clock, nowOf(event));
      return {
        position: positionAtElapsed(context.timeline, context.run, elapsed),
        endedAtMs: elapsed,
        completed: false,
      };
    }),
  },
}).createMachine({
  id: 'programRun',
  context: ({ input }) => {
    if (input.timeline.steps.length === 0) throw new Error('A program needs at least one step');
    const run = startRun(input.startAt);
    return {
      timeline: input.timeline,
      now: input.now ?? (() => performance.now()),
      run,
      position: positionAtElapsed(input.timeline, run, 0),
      endedAtMs: null,
      completed: false,
    };
  },
  initial: 'running',
  output: ({ context }) => programOutput(context),
  states: {
    running: {
      invoke: { src: 'ticker', input: ({ context }) => ({ now: context.now }) },
      on: {
        TICK: [{ guard: 'finished', target: 'done', actions: 'finish' }, { actions: 'advance' }],
        TAP: { actions: ['tap', 'advance'] },
        ALIGN: { actions: ['align', 'advance'] },
        PAUSE: { guard: 'pausable', target: 'paused', actions: 'pause' },
        STOP: { target: 'done', actions: 'stop' },
      },
    },
    paused: {
      on: {
        RESUME: { target: 'running', actions: ['resume', 'advance'] },
        STOP: { target: 'done', actions: 'stop' },
      },
    },
    done: { type: 'final' },
  },
});
