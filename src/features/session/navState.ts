/**
 * What travels in router navigation state to and from the session screens.
 * `pattern`: a pattern handed to a session, read by /session/{mode}.
 * `sessionResult`: the results screen's navigation state (docs/product.md § Results and scores).
 */
import type { SessionMode } from '../../domain/sessionModes';
import type { CourseReturn } from '../../domain/courseReturn';

export interface ResultsNavState {
  sessionId: string;
  patternName: string;
  patternId: string;
  sessionDuration: number;
  cycleCount: number;
  targetCycles: number;
  breathHoldTime?: number;
  restlessnessScore?: number;
  phaseAccuracy?: number;
  rhythmConsistency?: number;
  qualityScore?: number;
  sessionType: SessionMode;
  cameraUsed: boolean;
  aiUsed: boolean;
  visionSessionId?: string;
  isOffline: boolean;
  completed: boolean;
  /** Practice without tracking was on: the session was not stored anywhere. */
  untracked?: boolean;
}

declare module '@tanstack/react-router' {
  interface HistoryState {
    pattern?: unknown;
    sessionResult?: ResultsNavState;
    /** A course day's way back to its course (src/domain/courseReturn.ts). */
    courseReturn?: CourseReturn;
  }
}
