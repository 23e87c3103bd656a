/**
 * The one place a finished session becomes the row that is stored (and later synced).
 * Only what was measured goes in (docs/product.md § Sessions, § Results and scores):
 * without a camera there is no stillness or restlessness; without a retention hold there
 * is no breathHoldTime (absent, not 0); with no completed cycle there is no quality score.
 * Pure: the id and both times come in from the caller.
 */
import type { SessionConfig } from './patternChoice';
import type { SessionMode } from './sessionModes';
import { completionPercent, sessionScore, rhythmSteadiness } from './sessionScoring';
import { cycleSeconds } from './patterns';
import type { SyncState } from './syncState';
import { visionFigures, type SessionVisionFigures, type VisionSummary } from './visionSummary';

// Where a record stands with the server: its own module, so the local database (part of
// the first load) does not bring this builder and the camera's signal code along.
export { type SyncState } from './syncState';

/** A finished session as the device stores it (the `sessions` table) and the outbox uploads it. */
export interface SessionRecord {
  /** Client-made UUID: the idempotency key for uploads. */
  id: string;
  /** Owner once attached to an account; null for a guest session. */
  userId: string | null;
  patternId: string;
  patternName: string;
  sessionType: SessionMode;
  /** Epoch ms. */
  startTime: number;
  endTime: number;
  /** Seconds of practice, pauses excluded. */
  duration: number;
  cycleCount: number;
  targetCycles: number;
  completed: boolean;
  /** Longest breath hold in seconds; absent when the session had no hold. */
  breathHoldTime?: number;
  /** 0-100, only when a camera measured it. */
  restlessnessScore?: number;
  stillnessScore?: number;
  phaseAccuracy?: number;
  rhythmConsistency?: number;
  qualityScore?: number;
  cameraUsed: boolean;
  aiUsed: boolean;
  /** Id of the camera's summary (its upload's idempotency key); only with a camera. */
  visionSessionId?: string;
  /** What the camera measured (docs/product.md § Vision); only with a camera. */
  vision?: SessionVisionFigures;
  /** Where the camera summary stands with the server (it uploads after its session). */
  visionSyncState?: SyncState;
  /** ISO timestamp. */
  createdAt: string;
  syncState: SyncState;
  attempts: number;
  lastError?: string;
  syncedAt?: number;
  /** Epoch ms before which the outbox will not retry (back-off). */
  nextAttemptAt?: number;
  /** The server's `updated_at` of the version last pulled to this device (docs/product.md § Sync). */
  serverUpdatedAt?: string;
  /** A program's session (docs/product.md § Programs): which program, and what each hold measured. */
  program?: ProgramSessionFacts;
}

/** What a program's session measured beyond the breath (built in src/domain/programs/programRecord.ts). */
interface ProgramSessionFacts {
  programId: string;
  /** Each retention's length in ms, round by round (Wim Hof). */
  retentionsMs: number[];
  /** Each timed hold passed: planned and held ms (apnea tables). */
  holds: { number: number; plannedMs: number; heldMs: number; endedEarly: boolean }[];
}

/** What the breath loop measured (its output). */
interface MeasuredBreathing {
  /** Active ms practised, pauses excluded, holds included. */
  activeMs: number;
  cycleCount: number;
  /** Target cycles over all rounds started. */
  targetCycles: number;
  completed: boolean;
  /** Longest retention hold in ms; absent when the session had none. */
  longestHoldMs?: number;
  /** Completed cycles during which the user paused. */
  interruptedCycles: number;
}

export interface SessionRecordFacts {
  /** Client-made id: the idempotency key of the upload. */
  id: string;
  breathing: MeasuredBreathing;
  config: SessionConfig;
  /** Wall-clock epoch ms. */
  startEpochMs: number;
  endEpochMs: number;
  /** The signed-in user's id, or null for a guest. */
  userId: string | null;
  /** What the camera measured; null or empty when no camera ran. */
  vision: VisionSummary | null;
  /** Id for the camera's summary; used only when the camera measured something. */
  visionSessionId?: string;
}

export function buildSessionRecord({
  id,
  breathing,
  config,
  startEpochMs,
  endEpochMs,
  userId,
  vision,
  visionSessionId,
}: SessionRecordFacts): SessionRecord {
  const rhythmConsistency = rhythmSteadiness(breathing.cycleCount, breathing.interruptedCycles);
  const camera = vision ? visionFigures(vision, cycleSeconds(config.pattern)) : undefined;
  const qualityScore = sessionScore({
    completionPercent: completionPercent(breathing.cycleCount, breathing.targetCycles),
    rhythmConsistency,
    stillness: camera?.averageStillness,
  });
  const record: SessionRecord = {
    id,
    userId,
    patternId: config.pattern.id,
    patternName: config.pattern.name,
    sessionType: config.sessionType,
    startTime: startEpochMs,
    endTime: endEpochMs,
    duration: Math.round(breathing.activeMs / 1000),
    cycleCount: breathing.cycleCount,
    targetCycles: breathing.targetCycles,
    completed: breathing.completed,
    cameraUsed: camera !== undefined,
    aiUsed: false,
    createdAt: new Date(endEpochMs).toISOString(),
    syncState: userId ? 'pending' : 'guest',
    attempts: 0,
  };
  if (breathing.longestHoldMs !== undefined)
    record.breathHoldTime = Math.round(breathing.longestHoldMs / 100) / 10;
  if (camera) {
    record.stillnessScore = camera.averageStillness;
    record.restlessnessScore = camera.averageRestlessness;
    record.vision = camera;
    if (camera.phaseAccuracy !== null) record.phaseAccuracy = camera.phaseAccuracy;
    if (visionSessionId) {
      record.visionSessionId = visionSessionId;
      record.visionSyncState = record.syncState;
    }
  }
  if (rhythmConsistency !== undefined) record.rhythmConsistency = rhythmConsistency;
  if (qualityScore !== undefined) record.qualityScore = qualityScore;
  return record;
}
