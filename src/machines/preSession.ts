/**
 * Pre-session (docs/product.md § Sessions): one screen ('prepare': the pattern, how to
 * follow the guide, the cues) with one primary button, 'Start'. Start runs the countdown
 * the person chose (a preference, default 3 s; 0 skips it) and then 'ready', which starts
 * the breath by itself after 0.5 s. Cancel is allowed while more than 1 second of the
 * countdown remains and returns to the screen.
 * Delays are XState `after` timers, so tests drive them with a simulated clock.
 */
import { assign, setup } from 'xstate';
import { countdownSeconds } from '../domain/countdown';

export const AUTO_START_MS = 500;

interface PreSessionContext {
  /** Whole seconds left in the countdown. */
  remaining: number;
}

type PreSessionEvent =
  /** 'Start', with the countdown preference in seconds (0: none). */
  | { type: 'START'; countdown: number }
  | { type: 'CANCEL' };

export const preSessionMachine = setup({
  types: {
    context: {} as PreSessionContext,
    events: {} as PreSessionEvent,
  },
  guards: {
    canCancel: ({ context }) => context.remaining > 1,
    lastSecond: ({ context }) => context.remaining <= 1,
    noCountdown: ({ event }) => event.type === 'START' && countdownSeconds(event.countdown) === 0,
  },
}).createMachine({
  id: 'preSession',
  context: { remaining: 0 },
  initial: 'prepare',
  states: {
    prepare: {
      on: {
        START: [
          { guard: 'noCountdown', target: 'ready', actions: assign({ remaining: 0 }) },
          {
            target: 'countdown',
            actions: assign({
              remaining: ({ event }) => countdownSeconds(event.countdown),
            }),
          },
        ],
      },
    },
    countdown: {
      on: { CANCEL: { guard: 'canCancel', target: 'prepare' } },
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
