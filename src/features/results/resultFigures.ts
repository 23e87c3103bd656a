import type { SessionRecord } from '../../data/db';
import {
  completionPercent,
  qualityLabel,
  sessionScore,
  stillnessFromRestlessness,
} from '../../domain/sessionScoring';
import type { SessionMode } from '../../domain/sessionModes';
import { practiceSentence } from '../../domain/practiceSentence';
import type { ResultsNavState } from '../session';

/** The figures the results screen shows: only what the session measured. */
export interface ResultFigures {
  sessionId: string;
  patternId: string;
  patternName: string;
  sessionType: SessionMode;
  /** Seconds, pauses excluded. */
  duration: number;
  cycleCount: number;
  targetCycles: number;
  completed: boolean;
  completionPercent: number;
  breathHoldTime?: number;
  rhythmConsistency?: number;
  /** Only with a camera. */
  stillness?: number;
  /** The session score (domain/sessionScoring: sessionScore), the one score shown. */
  score?: number;
  label?: string;
  /** The warm sentence under the headline: what was done (domain/practiceSentence). */
  sentence: string;
  syncState?: SessionRecord['syncState'];
}

function finish(
  f: Omit<ResultFigures, 'completionPercent' | 'score' | 'label' | 'sentence'>,
): ResultFigures {
  const completion = completionPercent(f.cycleCount, f.targetCycles);
  const score = sessionScore({
    completionPercent: completion,
    rhythmConsistency: f.rhythmConsistency,
    stillness: f.stillness,
  });
  return {
    ...f,
    completionPercent: completion,
    sentence: practiceSentence(f),
    ...(score !== undefined ? { score, label: qualityLabel(score) } : {}),
  };
}

export function figuresFromRecord(r: SessionRecord): ResultFigures {
  return finish({
    sessionId: r.id,
    patternId: r.patternId,
    patternName: r.patternName,
    sessionType: r.sessionType,
    duration: r.duration,
    cycleCount: r.cycleCount,
    targetCycles: r.targetCycles,
    completed: r.completed,
    breathHoldTime: r.breathHoldTime,
    rhythmConsistency: r.rhythmConsistency,
    stillness: r.cameraUsed && typeof r.stillnessScore === 'number' ? r.stillnessScore : undefined,
    syncState: r.syncState,
  });
}

export function figuresFromNavState(s: ResultsNavState): ResultFigures {
  return finish({
    sessionId: s.sessionId,
    patternId: s.patternId,
    patternName: s.patternName,
    sessionType: s.sessionType,
    duration: s.sessionDuration,
    cycleCount: s.cycleCount,
    targetCycles: s.targetCycles,
    completed: s.completed,
    breathHoldTime: s.breathHoldTime,
    rhythmConsistency: s.rhythmConsistency,
    stillness:
      s.cameraUsed && typeof s.restlessnessScore === 'number'
        ? stillnessFromRestlessness(s.restlessnessScore)
        : undefined,
  });
}
