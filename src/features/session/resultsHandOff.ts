import type { SaveOutcome } from '../../app/practiceSave';
import type { SessionRecord } from '../../domain/sessionRecord';
import type { ResultsNavState } from './navState';

/**
 * The results screen's navigation state for a stored session: its first paint before the
 * row is read back from the local database by id.
 */
export function resultsStateOf(record: SessionRecord): ResultsNavState {
  return {
    sessionId: record.id,
    patternName: record.patternName,
    patternId: record.patternId,
    sessionDuration: record.duration,
    cycleCount: record.cycleCount,
    targetCycles: record.targetCycles,
    ...(record.breathHoldTime !== undefined ? { breathHoldTime: record.breathHoldTime } : {}),
    ...(record.restlessnessScore !== undefined
      ? { restlessnessScore: record.restlessnessScore }
      : {}),
    ...(record.phaseAccuracy !== undefined ? { phaseAccuracy: record.phaseAccuracy } : {}),
    ...(record.rhythmConsistency !== undefined
      ? { rhythmConsistency: record.rhythmConsistency }
      : {}),
    ...(record.qualityScore !== undefined ? { qualityScore: record.qualityScore } : {}),
    ...(record.visionSessionId !== undefined ? { visionSessionId: record.visionSessionId } : {}),
    sessionType: record.sessionType,
    cameraUsed: record.cameraUsed,
    aiUsed: record.aiUsed,
    isOffline: typeof navigator !== 'undefined' ? !navigator.onLine : false,
    completed: record.completed,
  };
}

/** The same after the one save path: a session not tracked is marked so (nothing to read back). */
export function resultsStateAfterSave(
  record: SessionRecord,
  outcome: SaveOutcome,
): ResultsNavState {
  return { ...resultsStateOf(record), ...(outcome === 'not_tracked' ? { untracked: true } : {}) };
}
