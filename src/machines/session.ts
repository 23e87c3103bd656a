/**
 * The session machine: the one owner of a session, from the first screen to the stored
 * row (docs/product.md § Sessions, § Breath timing).
 *
 *   live             the camera actor 'camera' runs here (see sessionCamera.ts), from the
 *                    first screen on: camera mode asks for the camera in the pre-session
 *                    step, before the countdown, and its one 'Start' reaches the breath
 *     setup          the pre-session (the pattern, the cues, the camera in camera mode;
 *                    'Start', the countdown, ready, start after 0.5 s): child 'preSession'
 *     active         the breath loop, child 'loop': breathing <-> paused (pauses keep the
 *                    position; retention holds are part of breathing)
 *   complete         practitioner -> the record (buildSessionRecord, nothing else builds
 *                    one) -> saveSession -> impact -> unlock (classic, first time) -> next
 *   failed           there was no config ('Session not properly initialized'), or the
 *                    loop could not start
 *
 * The session store's phases are read from this machine with `sessionPhase`
 * (setup, active, paused, complete) and the view steps with `viewStep`.
 * RESTART (the desktop shortcut R) starts a running session again from its first breath.
 * RESET (the error card) and PRACTICE_AGAIN (at the end) go back to setup with a fresh
 * session from anywhere, keeping the camera permission and the audio choice, and stop
 * the camera tracks. Before the breath loop runs there is nothing to end: STOP is
 * ignored (the screen's back link leaves instead).
 *
 * Time: monotonic and wall-clock time come from `input.clock`, ids from `input.newId`
 * (defaults in sessionClock.ts). An event may carry its own monotonic `now` (the screen
 * sends PAUSE and RESUME on display-frame timestamps); without one the clock is read.
 *
 * Named side effects, provided by the session feature, replaced in tests:
 *   practitioner (actor)  who is signed in, and whether a session was ever completed
 *   saveSession  (actor)  writes the record locally
 *   goToResults  (action) leaves for /results?id=
 *   camera       (actor)  no camera by default
 *   stopCameraTracks (action)
 * The breath loop ('breathLoop') and the pre-session ('preSession') are machines of
 * their own; the context and events are in ./sessionContext.
 */
import { assign, enqueueActions, fromPromise, sendTo, setup, type SnapshotFrom } from 'xstate';
import { cycleSeconds } from '../domain/patterns';
import { guideLevel } from '../domain/vision/breathGuide';
import { buildSessionRecord, type SessionRecord } from '../domain/sessionRecord';
import { addVisionSample, emptyVisionSummary } from '../domain/visionSummary';
import { breathLoopMachine } from './breathLoop';
import { preSessionMachine } from './preSession';
import { noCamera, type CameraCommand, type CameraInput } from './sessionCamera';
import {
  emptyMetrics,
  freshContext,
  type Practitioner,
  type SessionContext,
  type SessionEvent,
  type SessionInput,
  type Timed,
} from './sessionContext';

export const SESSION_NOT_INITIALIZED = 'Session not properly initialized';

const LOOP_ID = 'loop';
const CAMERA_ID = 'camera';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const sessionMachine = setup({
  types: {
    input: {} as SessionInput,
    context: {} as SessionContext,
    events: {} as SessionEvent,
    children: {} as { preSession: 'preSession'; loop: 'breathLoop'; camera: 'camera' },
  },
  actors: {
    preSession: preSessionMachine,
    breathLoop: breathLoopMachine,
    camera: noCamera,
    practitioner: fromPromise<Practitioner>(async () => {
      throw new Error('practitioner is not provided');
    }),
    saveSession: fromPromise<void, { record: SessionRecord }>(async () => {
      throw new Error('saveSession is not provided');
    }),
  },
  guards: {
    hasConfig: ({ context }) => context.config !== null,
    breathing: ({ context }) => !context.inRetention,
    hasRecord: ({ context }) => context.record !== null,
    showsUnlock: ({ context }) => context.isFirstTime && context.record?.sessionType === 'classic',
  },
  actions: {
    /** Stops every track of the camera stream. */
    stopCameraTracks: ({ context }) => {
      context.cameraStream?.getTracks().forEach((t) => t.stop());
    },
    /** Navigates to the results of `context.record`. Provided by the screen. */
    goToResults: () => {},
    releaseCamera: enqueueActions(({ context, enqueue }) => {
      if (context.cameraStream) enqueue('stopCameraTracks');
      enqueue.assign({ cameraStream: null, visionActive: false, cameraStatus: 'off' });
    }),
    freshSession: assign(({ context }) => ({
      ...freshContext(context),
      cameraPermissionGranted: context.cameraPermissionGranted,
      audioEnabled: context.audioEnabled,
    })),
    notInitialized: assign({ error: SESSION_NOT_INITIALIZED }),
    startBreathing: assign(({ context }) => ({
      startedAt: context.clock.now(),
      metrics: { ...emptyMetrics(), startTime: context.clock.epochNow() },
      summary: null,
      endTime: null,
      inRetention: false,
      error: null,
    })),
    forwardToLoop: sendTo(
      LOOP_ID,
      ({ context, event }) =>
        ({ ...event, now: (event as Timed<string>).now ?? context.clock.now() }) as never,
    ),
    forwardToCamera: sendTo(CAMERA_ID, ({ event }) => event as CameraCommand),
    showVision: assign(({ context, event }) => {
      const e = event as Extract<SessionEvent, { type: 'VISION' }>;
      return {
        visionActive: e.active,
        visionMetrics: e.metrics === undefined ? context.visionMetrics : e.metrics,
      };
    }),
    /** Folds the sample in with the guide's level at this moment (for phase accuracy). */
    countVisionSample: assign(({ context, event }) => {
      const { metrics } = event as Extract<SessionEvent, { type: 'VISION' }>;
      if (!metrics) return {};
      const { currentPhase, phaseProgress } = context.metrics;
      return {
        vision: addVisionSample(context.vision, metrics, guideLevel(currentPhase, phaseProgress)),
      };
    }),
    failSave: assign({
      saveError: ({ event }) => messageOf((event as unknown as { error: unknown }).error),
    }),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => freshContext(input),
  initial: 'live',
  on: {
    RESET: { target: '.live', reenter: true, actions: ['releaseCamera', 'freshSession'] },
    TOGGLE_AUDIO: { actions: assign({ audioEnabled: ({ context }) => !context.audioEnabled }) },
    SET_AUDIO: { actions: assign({ audioEnabled: ({ event }) => event.enabled }) },
    CAMERA_PERMISSION: {
      actions: assign({ cameraPermissionGranted: ({ event }) => event.granted }),
    },
    CAMERA_STATUS: {
      actions: assign({
        cameraStatus: ({ event }) => event.status,
        cameraMessage: ({ event }) => event.message ?? null,
      }),
    },
    CAMERA_STREAM: { actions: assign({ cameraStream: ({ event }) => event.stream }) },
    VISION: { actions: 'showVision' },
    PERFORMANCE_MODE: { actions: assign({ performanceMode: ({ event }) => event.mode }) },
    WARN: {
      actions: assign({ warnings: ({ context, event }) => [...context.warnings, event.message] }),
    },
    ERROR: { actions: assign({ error: ({ event }) => event.message }) },
  },
  states: {
    live: {
      invoke: {
        id: CAMERA_ID,
        src: 'camera',
        input: ({ context }): CameraInput => ({
          enabled: context.config?.enableCamera === true,
          cycleSeconds: context.config ? cycleSeconds(context.config.pattern) : undefined,
        }),
      },
      exit: 'releaseCamera',
      on: {
        ENABLE_CAMERA: { actions: 'forwardToCamera' },
        DISABLE_CAMERA: { actions: 'forwardToCamera' },
      },
      initial: 'setup',
      states: {
        setup: {
          invoke: {
            id: 'preSession',
            src: 'preSession',
            onDone: [
              { guard: { type: 'hasConfig' }, target: 'active' },
              { target: '#session.failed', actions: 'notInitialized' },
            ],
          },
        },
        active: {
          entry: 'startBreathing',
          invoke: {
            id: LOOP_ID,
            src: 'breathLoop',
            input: ({ context }) => ({
              pattern: context.config!.pattern,
              targetCycles: context.config!.targetCycles,
              retention: context.config!.pattern.hasBreathHold,
              startAt: context.startedAt!,
              now: () => context.clock.now(),
            }),
            onSnapshot: {
              actions: assign(({ context, event }) => {
                const loop = event.snapshot.context;
                if (!loop) return {};
                return {
                  inRetention: event.snapshot.matches('retention'),
                  metrics: {
                    ...context.metrics,
                    duration: Math.floor(
                      Math.max(0, loop.position.elapsedMs + loop.roundOriginMs) / 1000,
                    ),
                    cycleCount: loop.cycleCount,
                    currentPhase: loop.position.phase,
                    phaseProgress: loop.position.phaseProgress,
                  },
                };
              }),
            },
            onDone: {
              target: '#session.complete',
              actions: assign(({ context, event }) => ({
                summary: event.output,
                endTime: context.clock.epochNow(),
                inRetention: false,
                metrics: {
                  ...context.metrics,
                  duration: Math.round(event.output.activeMs / 1000),
                  cycleCount: event.output.cycleCount,
                },
              })),
            },
            onError: {
              target: '#session.failed',
              actions: assign({ error: ({ event }) => messageOf(event.error) }),
            },
          },
          on: {
            STOP: { actions: 'forwardToLoop' },
            // The unfinished run is dropped (nothing is saved) and the loop starts over;
            // the camera, its permission and the sound choice stay as they are.
            RESTART: {
              target: 'active',
              reenter: true,
              actions: assign({ vision: () => emptyVisionSummary(), visionMetrics: null }),
            },
            BREATHE_AGAIN: { actions: 'forwardToLoop' },
            ANOTHER_ROUND: { actions: 'forwardToLoop' },
            FINISH: { actions: 'forwardToLoop' },
          },
          initial: 'breathing',
          states: {
            breathing: {
              on: {
                PAUSE: { guard: 'breathing', target: 'paused', actions: 'forwardToLoop' },
                VISION: { actions: ['showVision', 'countVisionSample'] },
              },
            },
            paused: {
              on: { RESUME: { target: 'breathing', actions: 'forwardToLoop' } },
            },
          },
        },
      },
    },
    complete: {
      initial: 'identifying',
      states: {
        identifying: {
          invoke: {
            src: 'practitioner',
            onDone: {
              target: 'saving',
              actions: assign(({ context, event }) => {
                const { userId, hasCompletedSession } = event.output;
                return {
                  userId,
                  isFirstTime: !hasCompletedSession && userId === null,
                  record: buildSessionRecord({
                    id: context.newId(),
                    breathing: context.summary!,
                    config: context.config!,
                    startEpochMs: context.metrics.startTime!,
                    endEpochMs: context.endTime!,
                    userId,
                    vision: context.vision,
                    visionSessionId: context.vision.samples > 0 ? context.newId() : undefined,
                  }),
                };
              }),
            },
            onError: { target: 'saveFailed', actions: 'failSave' },
          },
        },
        saving: {
          invoke: {
            src: 'saveSession',
            input: ({ context }) => ({ record: context.record! }),
            onDone: { target: 'impact', actions: assign({ saveError: null }) },
            onError: { target: 'saveFailed', actions: 'failSave' },
          },
        },
        saveFailed: {
          on: { RETRY: [{ guard: 'hasRecord', target: 'saving' }, { target: 'identifying' }] },
        },
        impact: {
          on: { NEXT: [{ guard: 'showsUnlock', target: 'unlock' }, { target: 'next' }] },
        },
        unlock: {
          on: { NEXT: 'next' },
        },
        next: {
          on: {
            VIEW_RESULTS: { target: 'leaving', actions: 'goToResults' },
            PRACTICE_AGAIN: {
              target: '#session.live',
              actions: ['releaseCamera', 'freshSession'],
            },
          },
        },
        /** On the way to /results. */
        leaving: { type: 'final' },
      },
    },
    failed: {},
  },
});

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** The session store's phase (setup -> active <-> paused -> complete). */
type SessionPhase = 'setup' | 'active' | 'paused' | 'complete';

export function sessionPhase(s: SessionSnapshot): SessionPhase {
  if (s.matches('complete')) return 'complete';
  if (s.matches({ live: { active: 'paused' } })) return 'paused';
  if (s.matches({ live: 'active' })) return 'active';
  return 'setup';
}

/** The view step the screen shows. */
type ViewStep = 'setup' | 'active' | 'complete' | 'failed';

export function viewStep(s: SessionSnapshot): ViewStep {
  if (s.matches('complete')) return 'complete';
  if (s.matches('failed')) return 'failed';
  if (s.matches({ live: 'active' })) return 'active';
  return 'setup';
}

type CompletionStep =
  'identifying' | 'saving' | 'saveFailed' | 'impact' | 'unlock' | 'next' | 'leaving';

/** The step of the completion flow, or null before the session has ended. */
export function completionStep(s: SessionSnapshot): CompletionStep | null {
  const v = s.value;
  return typeof v === 'object' && 'complete' in v ? (v.complete as CompletionStep) : null;
}
