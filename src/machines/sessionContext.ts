/**
 * The session machine's context and events (./session): what a session holds from the
 * first screen to the stored row, and a session that has not begun (`freshContext`).
 */
import type { PhaseName } from '../domain/breathClock';
import type { SessionConfig } from '../domain/patternChoice';
import type { SessionRecord } from '../domain/sessionRecord';
import {
  emptyVisionSummary,
  type VisionMetrics,
  type VisionSummary,
} from '../domain/visionSummary';
import type { BreathLoopOutput } from './breathLoop';
import type { CameraCommand, CameraReport, CameraStatus, PerformanceMode } from './sessionCamera';
import {
  randomSessionId,
  systemClock,
  type SessionClock,
  type SessionIdGenerator,
} from './sessionClock';

export interface SessionInput {
  /** Null only by mistake: the session then refuses to start. */
  config: SessionConfig | null;
  clock?: SessionClock;
  newId?: SessionIdGenerator;
}

export interface SessionMetrics {
  /** Seconds of practice so far, pauses excluded. */
  duration: number;
  cycleCount: number;
  currentPhase: PhaseName | null;
  phaseProgress: number;
  /** Epoch ms when the breathing started. */
  startTime: number | null;
}

/** Facts about the person practising, read when the session ends. */
export interface Practitioner {
  /** The signed-in user's id, or null for a guest. */
  userId: string | null;
  /** The local hasCompletedSession flag. */
  hasCompletedSession: boolean;
}

export interface SessionContext {
  config: SessionConfig | null;
  clock: SessionClock;
  newId: SessionIdGenerator;
  metrics: SessionMetrics;
  /** Monotonic ms at which the breath loop started. */
  startedAt: number | null;
  /** The breath loop is in a retention hold (PAUSE does not apply there). */
  inRetention: boolean;
  audioEnabled: boolean;
  cameraStream: MediaStream | null;
  cameraPermissionGranted: boolean | null;
  cameraStatus: CameraStatus;
  /** The camera's message for the user (a setup failure, or why tracking stopped). */
  cameraMessage: string | null;
  visionActive: boolean;
  /** The latest sample from the camera, for the screen. */
  visionMetrics: VisionMetrics | null;
  /** Every sample taken while breathing, for the record. */
  vision: VisionSummary;
  performanceMode: PerformanceMode;
  warnings: string[];
  /** A fault shown with 'Restart Session'. */
  error: string | null;
  /** The breath loop's result once it has ended. */
  summary: BreathLoopOutput | null;
  /** Epoch ms at the end. */
  endTime: number | null;
  userId: string | null;
  /** No completed-session flag and not signed in. */
  isFirstTime: boolean;
  /** The stored session, built once when the session ends. */
  record: SessionRecord | null;
  /** Why saving (or reading who practised) failed; retried with RETRY. */
  saveError: string | null;
}

/** Loop events: `now` is monotonic ms; the machine's clock fills it in when absent. */
export type Timed<T extends string> = { type: T; now?: number };

export type SessionEvent =
  | Timed<'PAUSE'>
  | Timed<'RESUME'>
  | Timed<'STOP'>
  /** The user breathes again after a retention hold. */
  | Timed<'BREATHE_AGAIN'>
  | Timed<'ANOTHER_ROUND'>
  | Timed<'FINISH'>
  /** Completion: 'Continue', 'Try Again', 'View Results', 'Practice Again'. */
  | { type: 'NEXT' }
  | { type: 'RETRY' }
  | { type: 'VIEW_RESULTS' }
  | { type: 'PRACTICE_AGAIN' }
  | { type: 'RESET' }
  /** The desktop shortcut R: the running session starts again from its first breath. */
  | { type: 'RESTART' }
  | { type: 'TOGGLE_AUDIO' }
  | { type: 'SET_AUDIO'; enabled: boolean }
  | { type: 'ERROR'; message: string }
  | CameraCommand
  | CameraReport;

export const emptyMetrics = (): SessionMetrics => ({
  duration: 0,
  cycleCount: 0,
  currentPhase: null,
  phaseProgress: 0,
  startTime: null,
});

/** A session that has not begun. */
export function freshContext(input: SessionInput): SessionContext {
  return {
    config: input.config,
    clock: input.clock ?? systemClock,
    newId: input.newId ?? randomSessionId,
    metrics: emptyMetrics(),
    startedAt: null,
    inRetention: false,
    audioEnabled: true,
    cameraStream: null,
    cameraPermissionGranted: null,
    cameraStatus: 'off',
    cameraMessage: null,
    visionActive: false,
    visionMetrics: null,
    vision: emptyVisionSummary(),
    performanceMode: 'optimal',
    warnings: [],
    error: null,
    summary: null,
    endTime: null,
    userId: null,
    isFirstTime: false,
    record: null,
    saveError: null,
  };
}
