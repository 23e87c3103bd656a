/**
 * Pre-session (docs/product.md § Sessions): benefits -> intro -> countdown (5 to 0) -> ready -> start
 * automatically after 0.5 s. 'Skip to Session' and 'Start Immediately' go straight to
 * ready. Cancel is allowed while more than 1 second of the countdown remains.
 * Delays are XState `after` timers, so tests drive them with a simulated clock.
 */
import { assign, setup } from 'xstate';

export const COUNTDOWN_SECONDS = 5;
export const AUTO_START_MS = 500;

export interface PreSessionContext {
  remaining: number;
}

export type PreSessionEvent =
  /** 'I'm Ready to Try This' */
  | { type: 'NEXT' }
  /** 'Skip to Session' / 'Start Immediately' */
  | { type: 'SKIP' }
  /** 'Begin Preparation' */
  | { type: 'BEGIN' }
  | { type: 'CANCEL' };

export const preSessionMachine = setup({
  types: {
    context: {} as PreSessionContext,
    events: {} as PreSessionEvent,
  },
  guards: {
    canCancel: ({ context }) => context.remaining > 1,
    lastSecond: ({ context }) => context.remaining <= 1,
  },
}).createMachine({
  id: 'preSession',
  context: { remaining: COUNTDOWN_SECONDS },
  initial: 'benefits',
  states: {
    benefits: {
      on: { NEXT: 'intro', SKIP: 'ready' },
    },
    intro: {
      entry: assign({ remaining: COUNTDOWN_SECONDS }),
      on: { BEGIN: 'countdown', SKIP: 'ready' },
    },
    countdown: {
      on: { CANCEL: { guard: 'canCancel', target: 'intro' } },
      after: {
        1000: [
          { guard: 'lastSecond', target: 'ready', actions: assign({ remaining: 0 }) },
          {
            target: 'countdown',
            reenter: true,
            actions: assign({ remaining: ({ context }) => context.remaining - 1 }),
          },
        ],
      },
    },
    ready: {
      after: { [AUTO_START_MS]: 'started' },
    },
    started: { type: 'final' },
  },
});
