/**
 * Session view steps (spec 4): setup (benefits, intro, countdown: the pre-session) ->
 * camera_setup (only when the camera is enabled) -> active (when the session becomes
 * active) -> complete; 'Continue' at completion returns to setup; RESET (the error
 * boundary's 'Continue Practice') returns to setup from anywhere.
 *
 * Named side effect: `startSession` (the screen sends START to the session store);
 * the pre-session is the invoked actor `preSession`.
 */
import { assign, setup } from 'xstate';
import { preSessionMachine } from './preSession';

export interface ViewStepsInput {
  cameraEnabled: boolean;
}

export interface ViewStepsContext {
  cameraEnabled: boolean;
}

export type ViewStepsEvent =
  /** 'Start Session' on the camera setup step. */
  | { type: 'START_SESSION' }
  /** The session store became active. */
  | { type: 'SESSION_ACTIVE' }
  /** The session store completed. */
  | { type: 'SESSION_COMPLETE' }
  | { type: 'CONTINUE' }
  | { type: 'RESET' }
  | { type: 'SET_CAMERA'; enabled: boolean };

export const sessionViewStepsMachine = setup({
  types: {
    input: {} as ViewStepsInput,
    context: {} as ViewStepsContext,
    events: {} as ViewStepsEvent,
  },
  actors: { preSession: preSessionMachine },
  guards: {
    cameraEnabled: ({ context }) => context.cameraEnabled,
  },
  actions: {
    /** Asks the session store to start. Provided by the screen; a no-op by default. */
    startSession: () => {},
  },
}).createMachine({
  id: 'sessionViewSteps',
  context: ({ input }) => ({ cameraEnabled: input.cameraEnabled }),
  initial: 'setup',
  on: {
    RESET: { target: '.setup', reenter: true },
    SET_CAMERA: { actions: assign({ cameraEnabled: ({ event }) => event.enabled }) },
  },
  states: {
    setup: {
      invoke: {
        id: 'preSession',
        src: 'preSession',
        onDone: [{ guard: 'cameraEnabled', target: 'camera_setup' }, { actions: 'startSession' }],
      },
      on: { SESSION_ACTIVE: 'active' },
    },
    camera_setup: {
      on: {
        START_SESSION: { actions: 'startSession' },
        SESSION_ACTIVE: 'active',
      },
    },
    active: {
      on: { SESSION_COMPLETE: 'complete' },
    },
    complete: {
      on: { CONTINUE: 'setup' },
    },
  },
});
