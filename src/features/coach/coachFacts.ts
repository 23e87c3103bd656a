import { getCustomPattern } from '../../data/customPatternsQueries';
import type { SessionRecord } from '../../data/db';
import { getSession, listSessions } from '../../data/sessionsRepo';
import {
  MAX_HISTORY_ITEMS,
  type HistoryFacts,
  type SessionFacts,
} from '../../contracts/coach';
import { getPattern, type PatternDefinition } from '../../domain/patterns';

/**
 * What the coach knows about a session, read from this device: the stored record, the
 * pattern it practised, and the same person's other sessions. Only measured figures go
 * into the facts (a figure the session did not measure stays absent).
 */
export interface CoachFacts {
  record: SessionRecord;
  session: SessionFacts;
  /** The practised pattern, when it is still known (built-in or custom). */
  pattern?: PatternDefinition;
  /** Every earlier session of the same person on this device, most recent first. */
  history: HistoryFacts[];
  /** The person's sessions on this device, this one included. */
  totalSessions: number;
}

/** The record's fields both kinds of facts copy as they are (absent stays absent). */
const SHARED = [
  'patternName',
  'duration',
  'cycleCount',
  'targetCycles',
  'completed',
  'breathHoldTime',
  'qualityScore',
  'createdAt',
] as const;

/** `o` without its undefined and null values (the contract has no nulls). */
function defined<T extends object>(o: T): T {
  return Object.fromEntries(
    Object.entries(o).filter(([, v]) => v !== undefined && v !== null),
  ) as T;
}

function shared(r: SessionRecord): Pick<SessionRecord, (typeof SHARED)[number]> {
  return Object.fromEntries(SHARED.map((k) => [k, r[k]])) as Pick<
    SessionRecord,
    (typeof SHARED)[number]
  >;
}

function sessionFacts(r: SessionRecord, pattern?: PatternDefinition): SessionFacts {
  const camera = r.cameraUsed;
  return defined({
    ...shared(r),
    patternId: r.patternId,
    timings: pattern
      ? {
          inhale: pattern.inhale,
          hold: pattern.hold,
          exhale: pattern.exhale,
          hold_after_exhale: pattern.hold_after_exhale,
        }
      : undefined,
    sessionType: r.sessionType,
    rhythmConsistency: r.rhythmConsistency,
    stillnessScore: camera ? r.stillnessScore : undefined,
    phaseAccuracy: camera ? r.phaseAccuracy : undefined,
    breathingRate: camera ? (r.vision?.breathsPerMinute ?? undefined) : undefined,
    cameraUsed: camera,
  });
}

function historyFacts(r: SessionRecord): HistoryFacts {
  return defined({ ...shared(r), stillnessScore: r.cameraUsed ? r.stillnessScore : undefined });
}

async function patternOf(id: string): Promise<PatternDefinition | undefined> {
  return getPattern(id) ?? (await getCustomPattern(id));
}

/** The facts of session `id`, or null when it is not on this device. */
export async function loadCoachFacts(id: string): Promise<CoachFacts | null> {
  const record = await getSession(id);
  if (!record) return null;
  const [pattern, all] = await Promise.all([patternOf(record.patternId), listSessions()]);
  const mine = all.filter((s) => s.userId === record.userId);
  const at = Date.parse(record.createdAt);
  const history = mine
    .filter((s) => s.id !== record.id && Date.parse(s.createdAt) < at)
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))
    .map(historyFacts);
  return {
    record,
    session: sessionFacts(record, pattern),
    pattern,
    history,
    totalSessions: mine.length,
  };
}

/** The most recent history items a request to the server carries. */
export function requestHistory(history: readonly HistoryFacts[]): HistoryFacts[] {
  return history.slice(0, MAX_HISTORY_ITEMS);
}
