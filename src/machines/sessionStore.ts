/**
 * Session store (spec 3, 4): setup -> ready -> active <-> paused; complete from any
 * phase. START works only with a config, else 'Session not properly initialized'.
 * RESET stops the camera tracks and returns to setup, keeping the camera permission.
 *
 * While running (active or paused) it invokes the breath loop and mirrors its progress
 * into `metrics`; the loop's output becomes `summary` when the session completes.
 * Side effects are named: `stopCameraTracks` (action), `breathLoop` (actor).
 */
import { assign, sendTo, setup } from 'xstate';
import type { SessionConfig } from '../domain/patternChoice';
import type { PhaseName } from '../domain/breathClock';
import { breathLoopMachine, type BreathLoopOutput } from './breathLoop';

export const SESSION_NOT_INITIALIZED = 'Session not properly initialized';

export type PerformanceMode = 'optimal' | 'balanced' | 'minimal';

export interface SessionMetrics {
  /** Seconds of practice so far, pauses excluded. */
  duration: number;
  cycleCount: number;
  currentPhase: PhaseName | null;
  phaseProgress: number;
  /** Epoch ms when the session started. */
  startTime: number | null;
}

export interface VisionMetrics {
  stillness: number;
  presence: number;
  posture: number;
  restlessnessScore: number;
  faceDetected: boolean;
  confidence: number;
  processingTimeMs: number;
  source: 'backend' | 'fallback' | 'device';
}

export interface SessionStoreContext {
  config: SessionConfig | null;
  metrics: SessionMetrics;
  cameraStream: MediaStream | null;
  cameraPermissionGranted: boolean | null;
  audioEnabled: boolean;
  visionActive: boolean;
  visionMetrics: VisionMetrics | null;
  error: string | null;
  warnings: string[];
  performanceMode: PerformanceMode;
  /** The breath loop's result once the session is complete (null if ended otherwise). */
  summary: BreathLoopOutput | null;
  /** Epoch ms at the end. */
  endTime: number | null;
}

export type SessionStoreEvent =
  | { type: 'CONFIGURE'; config: SessionConfig }
  /** `now` monotonic ms (performance.now), `epochMs` wall-clock ms (Date.now). */
  | { type: 'START'; now: number; epochMs: number }
  | { type: 'PAUSE'; now: number }
  | { type: 'RESUME'; now: number }
  | { type: 'STOP'; now: number }
  | { type: 'BREATHE_AGAIN'; now: number }
  | { type: 'ANOTHER_ROUND'; now: number }
  | { type: 'FINISH'; now: number }
  | { type: 'COMPLETE' }
  | { type: 'RESET' }
  | { type: 'TOGGLE_AUDIO' }
  | { type: 'SET_AUDIO'; enabled: boolean }
  | { type: 'CAMERA_PERMISSION'; granted: boolean }
  | { type: 'CAMERA_STREAM'; stream: MediaStream | null }
  | { type: 'VISION'; active: boolean; metrics?: VisionMetrics | null }
  | { type: 'WARN'; message: string }
  | { type: 'ERROR'; message: string }
  | { type: 'PERFORMANCE_MODE'; mode: PerformanceMode };

const emptyMetrics: SessionMetrics = {
  duration: 0,
  cycleCount: 0,
  currentPhase: null,
  phaseProgress: 0,
  startTime: null,
};

export const initialStoreContext = (): SessionStoreContext => ({
  config: null,
  metrics: { ...emptyMetrics },
  cameraStream: null,
  cameraPermissionGranted: null,
  audioEnabled: true,
  visionActive: false,
  visionMetrics: null,
  error: null,
  warnings: [],
  performanceMode: 'optimal',
  summary: null,
  endTime: null,
});

const LOOP_ID = 'loop';

export const sessionStoreMachine = setup({
  types: {
    context: {} as SessionStoreContext,
    events: {} as SessionStoreEvent,
  },
  actors: { breathLoop: breathLoopMachine },
  guards: {
    hasConfig: ({ context }) => context.config !== null,
  },
  actions: {
    /** Stops every track of the camera stream. Replaced in tests. */
    stopCameraTracks: ({ context }) => {
      context.cameraStream?.getTracks().forEach((t) => t.stop());
    },
    notInitialized: assign({ error: SESSION_NOT_INITIALIZED }),
    forwardToLoop: sendTo(LOOP_ID, ({ event }) => event as never),
  },
}).createMachine({
  id: 'sessionStore',
  context: initialStoreContext,
  initial: 'setup',
  on: {
    COMPLETE: { target: '.complete', actions: assign({ endTime: () => Date.now() }) },
    RESET: {
      target: '.setup',
      actions: [
        'stopCameraTracks',
        assign(({ context }) => ({
          ...initialStoreContext(),
          cameraPermissionGranted: context.cameraPermissionGranted,
          audioEnabled: context.audioEnabled,
        })),
      ],
    },
    TOGGLE_AUDIO: { actions: assign({ audioEnabled: ({ context }) => !context.audioEnabled }) },
    SET_AUDIO: { actions: assign({ audioEnabled: ({ event }) => event.enabled }) },
    CAMERA_PERMISSION: {
      actions: assign({ cameraPermissionGranted: ({ event }) => event.granted }),
    },
    CAMERA_STREAM: { actions: assign({ cameraStream: ({ event }) => event.stream }) },
    VISION: {
      actions: assign({
        visionActive: ({ event }) => event.active,
        visionMetrics: ({ event, context }) =>
          event.metrics === undefined ? context.visionMetrics : event.metrics,
      }),
    },
    WARN: {
      actions: assign({ warnings: ({ context, event }) => [...context.warnings, event.message] }),
    },
    ERROR: { actions: assign({ error: ({ event }) => event.message }) },
    PERFORMANCE_MODE: { actions: assign({ performanceMode: ({ event }) => event.mode }) },
  },
  states: {
    setup: {
      on: {
        CONFIGURE: {
          target: 'ready',
          actions: assign({ config: ({ event }) => event.config, error: null }),
        },
        START: { actions: 'notInitialized' },
      },
    },
    ready: {
      on: {
        CONFIGURE: {
          target: 'ready',
          actions: assign({ config: ({ event }) => event.config, error: null }),
        },
        START: [
          {
            guard: 'hasConfig',
            target: 'running',
            actions: assign(({ context, event }) => ({
              error: null,
              metrics: { ...emptyMetrics, startTime: event.epochMs },
              summary: null,
              endTime: null,
              config: context.config,
            })),
          },
          { actions: 'notInitialized' },
        ],
      },
    },
    running: {
      initial: 'active',
      invoke: {
        id: LOOP_ID,
        src: 'breathLoop',
        input: ({ context, event }) => {
          const config = context.config!;
          return {
            pattern: config.pattern,
            targetCycles: config.targetCycles,
            retention: config.pattern.hasBreathHold,
            startAt: (event as { now: number }).now,
          };
        },
        onSnapshot: {
          actions: assign(({ context, event }) => {
            const loop = event.snapshot.context;
            if (!loop) return {};
            return {
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
          target: 'complete',
          actions: assign(({ context, event }) => ({
            summary: event.output,
            endTime: Date.now(),
            metrics: {
              ...context.metrics,
              duration: Math.round(event.output.activeMs / 1000),
              cycleCount: event.output.cycleCount,
            },
          })),
        },
        onError: {
          target: 'ready',
          actions: assign({
            error: ({ event }) =>
              event.error instanceof Error ? event.error.message : String(event.error),
          }),
        },
      },
      on: {
        STOP: { actions: 'forwardToLoop' },
        BREATHE_AGAIN: { actions: 'forwardToLoop' },
        ANOTHER_ROUND: { actions: 'forwardToLoop' },
        FINISH: { actions: 'forwardToLoop' },
      },
      states: {
        active: { on: { PAUSE: { target: 'paused', actions: 'forwardToLoop' } } },
        paused: { on: { RESUME: { target: 'active', actions: 'forwardToLoop' } } },
      },
    },
    complete: {},
  },
});

export type SessionPhase = 'setup' | 'ready' | 'active' | 'paused' | 'complete';

/** The spec's session store phase from a snapshot's state value. */
export function sessionPhase(value: unknown): SessionPhase {
  if (typeof value === 'string') return value as SessionPhase;
  const v = value as { running?: string };
  return v.running === 'paused' ? 'paused' : 'active';
}
