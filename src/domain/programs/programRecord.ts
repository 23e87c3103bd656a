/**
 * A program's finished session as the row that is stored (and synced) like any session
 * (docs/product.md § Programs). Only what was measured: the longest retention becomes the
 * session's breathHoldTime (it syncs like a pattern session's), every round's retention
 * and every timed hold are kept in `program` (on this device; see § Programs).
 */
import type { SessionRecord } from '../sessionRecord';
import { completionPercent, rhythmSteadiness, sessionScore } from '../sessionScoring';
import type { Program } from './programTypes';

interface ProgramRunFacts {
  activeMs: number;
  cycleCount: number;
  totalCycles: number;
  totalHolds: number;
  completed: boolean;
  retentionsMs: number[];
  holds: { number: number; plannedMs: number; heldMs: number; endedEarly: boolean }[];
  /** Pauses taken (each counts as one interrupted cycle for steadiness, at most the cycles done). */
  pauseCount: number;
}

/** The patternId a program's session is stored under (one namespace with patterns' ids). */
export const programPatternId = (programId: string) => `program:${programId}`;

export function buildProgramSessionRecord(f: {
  id: string;
  program: Pick<Program, 'id' | 'name'>;
  run: ProgramRunFacts;
  startEpochMs: number;
  endEpochMs: number;
  userId: string | null;
}): SessionRecord {
  const { run } = f;
  // A program without breathing cycles (a breath-hold table) counts its timed holds instead.
  const byHolds = run.totalCycles === 0;
  const done = byHolds ? run.holds.length : run.cycleCount;
  const target = byHolds ? run.totalHolds : run.totalCycles;
  const rhythmConsistency = rhythmSteadiness(done, Math.min(run.pauseCount, done));
  const qualityScore = sessionScore({
    completionPercent: completionPercent(done, target),
    rhythmConsistency,
    stillness: undefined,
  });
  const record: SessionRecord = {
    id: f.id,
    userId: f.userId,
    patternId: programPatternId(f.program.id),
    patternName: f.program.name,
    sessionType: 'classic',
    startTime: f.startEpochMs,
    endTime: f.endEpochMs,
    duration: Math.round(run.activeMs / 1000),
    cycleCount: done,
    targetCycles: target,
    completed: run.completed,
    cameraUsed: false,
    aiUsed: false,
    createdAt: new Date(f.endEpochMs).toISOString(),
    syncState: f.userId ? 'pending' : 'guest',
    attempts: 0,
    program: {
      programId: f.program.id,
      retentionsMs: [...run.retentionsMs],
      holds: run.holds.map((h) => ({ ...h })),
    },
  };
  if (run.retentionsMs.length)
    record.breathHoldTime = Math.round(Math.max(...run.retentionsMs) / 100) / 10;
  if (rhythmConsistency !== undefined) record.rhythmConsistency = rhythmConsistency;
  if (qualityScore !== undefined) record.qualityScore = qualityScore;
  return record;
}
