/**
 * Breath loop (docs/product.md § Breath timing): inhale, hold (if > 0), exhale, pause
 * (if > 0); the end of each cycle increments the cycle count; a milestone every 5
 * breaths; the loop ends by itself at the target cycles, or on STOP. Patterns with breath retention (wim_hof) go on to a
 * retention hold after the last exhale of a round: the user taps when they breathe again.
 *
 * Time comes in on the events (`now`, monotonic ms): the loop never reads a clock
 * itself, it asks the breath clock. The `ticker` actor sends TICK every 100 ms;
 * tests replace it and send TICKs by hand. ALIGN moves the clock's start so the guide
 * follows the cue track's audio clock (features/session/cueTrackPlayer's followAudio).
 */
import { assign, enqueueActions, fromCallback, setup, type ActorRefFrom } from 'xstate';
import {
  activeElapsedMs,
  alignClock,
  buildSchedule,
  pauseClock,
  positionAt,
  resumeClock,
  sessionLengthMs,
  startClock,
  wallTimeAt,
  type BreathPosition,
  type BreathSchedule,
  type ClockState,
  type PhaseName,
} from '../domain/breathClock';
import type { PatternTimings } from '../domain/patterns';

const BREATH_TICK_MS = 100;
const MILESTONE_EVERY = 5;

interface BreathLoopInput {
  pattern: PatternTimings;
  targetCycles: number;
  /** Offer retention holds after each round (patterns with hasBreathHold). */
  retention: boolean;
  /** Monotonic ms at which the first inhale starts. */
  startAt: number;
  /** The monotonic clock the ticker reads (the session's clock); performance.now by default. */
  now?: () => number;
}

interface BreathLoopContext {
  now: () => number;
  schedule: BreathSchedule;
  targetCycles: number;
  retention: boolean;
  clock: ClockState;
  /** Active offset (ms) where the current breathing round began. */
  roundOriginMs: number;
  /** Cycles completed in earlier rounds. */
  roundBaseCycles: number;
  rounds: number;
  position: BreathPosition;
  cycleCount: number;
  /** Absolute indexes of cycles during which the user paused. */
  interruptedCycles: number[];
  holdsMs: number[];
  /** Monotonic ms at which the current retention hold began. */
  holdStartedAt: number | null;
  /** Active ms at which the loop ended. */
  endedAtMs: number | null;
  completed: boolean;
}

type BreathLoopEvent =
  | { type: 'TICK'; now: number }
  | { type: 'PAUSE'; now: number }
  | { type: 'RESUME'; now: number }
  | { type: 'STOP'; now: number }
  /** The user breathes again after a retention hold. */
  | { type: 'BREATHE_AGAIN'; now: number }
  | { type: 'ANOTHER_ROUND'; now: number }
  | { type: 'FINISH'; now: number }
  /** The cue track's audio clock says the active elapsed time at `now` is `elapsedMs`. */
  | { type: 'ALIGN'; now: number; elapsedMs: number };

export type BreathLoopEmitted =
  | { type: 'phase'; phase: PhaseName; boundaryIndex: number; cycleCount: number }
  | { type: 'milestone'; breaths: number };

export interface BreathLoopOutput {
  /** Active ms practised, pauses excluded, holds included. */
  activeMs: number;
  cycleCount: number;
  /** Target cycles over all rounds started. */
  targetCycles: number;
  completed: boolean;
  holdsMs: number[];
  /** Longest retention hold, undefined when the session had none. */
  longestHoldMs?: number;
  pauseCount: number;
  /** Completed cycles during which the user paused. */
  interruptedCycles: number;
  rounds: number;
}

export function isMilestone(cycleCount: number): boolean {
  return cycleCount > 0 && cycleCount % MILESTONE_EVERY === 0;
}

/** Milestones passed when the count goes from `from` to `to` (a late tick may cross several). */
function milestonesCrossed(from: number, to: number): number[] {
  const out: number[] = [];
  for (
    let m = (Math.floor(from / MILESTONE_EVERY) + 1) * MILESTONE_EVERY;
    m <= to;
    m += MILESTONE_EVERY
  )
    out.push(m);
  return out;
}

function roundLengthMs(c: BreathLoopContext) {
  return sessionLengthMs(c.schedule, c.targetCycles);
}

/** Active ms into the current round at `now`. */
function roundElapsed(c: BreathLoopContext, now: number) {
  return activeElapsedMs(c.clock, now) - c.roundOriginMs;
}

function loopOutput(c: BreathLoopContext): BreathLoopOutput {
  const longest = c.holdsMs.length ? Math.max(...c.holdsMs) : undefined;
  return {
    activeMs: c.endedAtMs ?? 0,
    cycleCount: c.cycleCount,
    targetCycles: c.targetCycles * c.rounds,
    completed: c.completed,
    holdsMs: [...c.holdsMs],
    ...(longest !== undefined ? { longestHoldMs: longest } : {}),
    pauseCount: c.clock.pauseCount,
    interruptedCycles: c.interruptedCycles.filter((i) => i < c.cycleCount).length,
    rounds: c.rounds,
  };
}

export const breathLoopMachine = setup({
  types: {
    input: {} as BreathLoopInput,
    context: {} as BreathLoopContext,
    events: {} as BreathLoopEvent,
    emitted: {} as BreathLoopEmitted,
    output: {} as BreathLoopOutput,
  },
  actors: {
    ticker: fromCallback<BreathLoopEvent, { now: () => number }>(({ sendBack, input }) => {
      const id = setInterval(() => sendBack({ type: 'TICK', now: input.now() }), BREATH_TICK_MS);
      return () => clearInterval(id);
    }),
  },
  guards: {
    roundDone: ({ context, event }) =>
      'now' in event && roundElapsed(context, event.now) >= roundLengthMs(context),
    withRetention: ({ context }) => context.retention,
  },
  actions: {
    advance: enqueueActions(({ context, event, enqueue }) => {
      const now = (event as { now: number }).now;
      const position = positionAt(context.schedule, roundElapsed(context, now));
      const cycleCount = context.roundBaseCycles + position.completedCycles;
      enqueue.assign({ position, cycleCount });
      if (position.boundaryIndex !== context.position.boundaryIndex) {
        enqueue.emit({
          type: 'phase',
          phase: position.phase,
          boundaryIndex: position.boundaryIndex,
          cycleCount,
        });
      }
      for (const breaths of milestonesCrossed(context.cycleCount, cycleCount))
        enqueue.emit({ type: 'milestone', breaths });
    }),
    finishRound: enqueueActions(({ context, enqueue }) => {
      const end = roundLengthMs(context);
      const cycleCount = context.roundBaseCycles + context.targetCycles;
      enqueue.assign({
        cycleCount,
        position: positionAt(context.schedule, end - 1),
        endedAtMs: context.roundOriginMs + end,
        completed: true,
      });
      for (const breaths of milestonesCrossed(context.cycleCount, cycleCount))
        enqueue.emit({ type: 'milestone', breaths });
    }),
    startHold: assign(({ context }) => ({
      // The hold starts exactly when the last exhale of the round ended.
      holdStartedAt: wallTimeAt(context.clock, context.roundOriginMs + roundLengthMs(context)),
    })),
    recordHold: assign(({ context, event }) => {
      const now = (event as { now: number }).now;
      const start = context.holdStartedAt ?? now;
      return { holdsMs: [...context.holdsMs, Math.max(0, now - start)], holdStartedAt: null };
    }),
    startNextRound: assign(({ context, event }) => {
      const now = (event as { now: number }).now;
      const origin = activeElapsedMs(context.clock, now);
      return {
        roundOriginMs: origin,
        roundBaseCycles: context.cycleCount,
        rounds: context.rounds + 1,
        position: positionAt(context.schedule, 0),
        completed: false,
        endedAtMs: null,
      };
    }),
    endNow: assign(({ context, event }) => {
      const now = (event as { now: number }).now;
      const position =
        context.clock.pausedAt === null
          ? positionAt(context.schedule, roundElapsed(context, now))
          : context.position;
      const cycleCount = Math.min(
        context.roundBaseCycles + context.targetCycles,
        context.roundBaseCycles + position.completedCycles,
      );
      return {
        endedAtMs: activeElapsedMs(context.clock, now),
        cycleCount,
        completed: cycleCount >= context.roundBaseCycles + context.targetCycles,
        holdStartedAt: null,
      };
    }),
    endAfterHold: assign(({ context, event }) => ({
      endedAtMs: activeElapsedMs(context.clock, (event as { now: number }).now),
    })),
    pauseClock: assign(({ context, event }) => {
      const now = (event as { now: number }).now;
      const position = positionAt(context.schedule, roundElapsed(context, now));
      const cycle = context.roundBaseCycles + position.cycleIndex;
      return {
        clock: pauseClock(context.clock, now),
        position,
        interruptedCycles: context.interruptedCycles.includes(cycle)
          ? context.interruptedCycles
          : [...context.interruptedCycles, cycle],
      };
    }),
    /** The guide follows the audio: the clock's start moves, the boundaries with it. */
    alignClock: assign(({ context, event }) => {
      const e = event as Extract<BreathLoopEvent, { type: 'ALIGN' }>;
      return { clock: alignClock(context.clock, e.now, e.elapsedMs) };
    }),
    resumeClock: assign(({ context, event }) => ({
      clock: resumeClock(context.clock, (event as { now: number }).now),
    })),
  },
}).createMachine({
  id: 'breathLoop',
  context: ({ input }) => {
    const schedule = buildSchedule(input.pattern);
    if (!Number.isInteger(input.targetCycles) || input.targetCycles < 1) {
      throw new Error('Target cycles must be a whole number of at least 1');
    }
    return {
      schedule,
      targetCycles: input.targetCycles,
      retention: input.retention,
      now: input.now ?? (() => performance.now()),
      clock: startClock(input.startAt),
      roundOriginMs: 0,
      roundBaseCycles: 0,
      rounds: 1,
      position: positionAt(schedule, 0),
      cycleCount: 0,
      interruptedCycles: [],
      holdsMs: [],
      holdStartedAt: null,
      endedAtMs: null,
      completed: false,
    };
  },
  initial: 'running',
  output: ({ context }) => loopOutput(context),
  states: {
    running: {
      invoke: { src: 'ticker', input: ({ context }) => ({ now: context.now }) },
      on: {
        TICK: [
          { guard: 'roundDone', target: 'roundComplete', actions: 'finishRound' },
          { actions: 'advance' },
        ],
        PAUSE: { target: 'paused', actions: 'pauseClock' },
        STOP: { target: 'done', actions: 'endNow' },
        ALIGN: { actions: 'alignClock' },
      },
    },
    roundComplete: {
      always: [
        { guard: 'withRetention', target: 'retention', actions: 'startHold' },
        { target: 'done' },
      ],
    },
    paused: {
      on: {
        RESUME: { target: 'running', actions: 'resumeClock' },
        STOP: { target: 'done', actions: 'endNow' },
      },
    },
    retention: {
      initial: 'holding',
      states: {
        holding: {
          on: { BREATHE_AGAIN: { target: 'choosing', actions: 'recordHold' } },
        },
        choosing: {
          on: {
            ANOTHER_ROUND: { target: '#breathLoop.running', actions: 'startNextRound' },
            FINISH: { target: '#breathLoop.done', actions: 'endAfterHold' },
          },
        },
      },
      on: { STOP: { target: 'done', actions: 'endAfterHold' } },
    },
    done: { type: 'final' },
  },
});

/** A running breath loop, as the session screen holds it. */
export type LoopRef = ActorRefFrom<typeof breathLoopMachine>;
