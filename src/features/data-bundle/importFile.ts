import { db, type SessionRecord } from '../../data/db';
import { withinStorageWait } from '../../data/storageWait';
import {
  csvKind,
  NOT_A_PNEUMA_EXPORT,
  parseSessionsCsv,
  type CsvRefusal,
  type CsvSession,
} from '../../domain/export/sessionsCsv';
import {
  BUNDLE_FORMAT,
  importBundle,
  MAX_BUNDLE_BYTES,
  parseBundle,
  previewSection,
  type ImportSummary,
  type ParsedBundle,
} from './bundle';

/**
 * Import of the app's own files (docs/product.md § Your data): the data file (JSON bundle)
 * or the sessions CSV. First a plan, shown as a preview ('142 sessions, 3 patterns:
 * import?') with what will be skipped and why; nothing changes until the user confirms.
 * Any other file: NOT_A_PNEUMA_EXPORT ('This file is not a Pneuma export. …').
 */

export type ImportPlan =
  | {
      kind: 'bundle';
      bundle: ParsedBundle;
      sessions: number;
      patterns: number;
      alreadyHere: number;
      refusals: CsvRefusal[];
    }
  | { kind: 'csv'; sessions: CsvSession[]; alreadyHere: number; refusals: CsvRefusal[] };

export const MINDFUL_NOT_IMPORTED =
  'This is the mindful-minutes file for health apps. To bring sessions back into Pneuma, import the sessions CSV or the data file.';

function looksLikeBundle(text: string): boolean {
  try {
    const v = JSON.parse(text) as unknown;
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
    const o = v as Record<string, unknown>;
    return (
      o.format === BUNDLE_FORMAT ||
      ('sessions' in o && 'patterns' in o) ||
      ('sessions' in o && 'userPreferences' in o)
    );
  } catch {
    // Not JSON at all: a damaged export still starts like one.
    return /^\s*\{\s*"(format|sessions|patterns|userPreferences|version|exportedAt)"/.test(text);
  }
}

async function countHere(ids: string[]): Promise<number> {
  const found = await db.sessions.bulkGet(ids);
  return found.filter(Boolean).length;
}

export async function planImport(text: string): Promise<ImportPlan> {
  if (text.length > MAX_BUNDLE_BYTES)
    throw new Error('The file is too large to be a Pneuma export (over 20 MB).');
  const trimmed = text.trimStart().replace(/^\uFEFF/, '');
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    if (!looksLikeBundle(trimmed)) throw new Error(NOT_A_PNEUMA_EXPORT);
    const bundle = await parseBundle(trimmed);
    const sessions = await previewSection(bundle, 'sessions');
    const patterns = bundle.sections.patterns?.length ?? 0;
    return {
      kind: 'bundle',
      bundle,
      sessions: sessions.records,
      patterns,
      alreadyHere: sessions.alreadyHere,
      refusals: [],
    };
  }
  const kind = csvKind(trimmed);
  if (kind === 'mindful') throw new Error(MINDFUL_NOT_IMPORTED);
  if (kind !== 'sessions') throw new Error(NOT_A_PNEUMA_EXPORT);
  const { sessions, refusals } = parseSessionsCsv(trimmed);
  return {
    kind: 'csv',
    sessions,
    alreadyHere: await countHere(sessions.map((s) => s.id)),
    refusals,
  };
}

/** "142 sessions, 3 patterns: import?" and what is skipped. */
export function describePlan(plan: ImportPlan): { question: string; notes: string[] } {
  const n = plan.kind === 'csv' ? plan.sessions.length : plan.sessions;
  const parts = [`${n} ${n === 1 ? 'session' : 'sessions'}`];
  if (plan.kind === 'bundle')
    parts.push(`${plan.patterns} ${plan.patterns === 1 ? 'pattern' : 'patterns'}`);
  const notes: string[] = [];
  if (plan.alreadyHere) notes.push(`${plan.alreadyHere} already on this device will be skipped.`);
  if (plan.kind === 'bundle') notes.push('Your preferences will be replaced by the file’s.');
  if (plan.refusals.length)
    notes.push(
      `${plan.refusals.length} ${plan.refusals.length === 1 ? 'row is' : 'rows are'} refused:`,
    );
  return { question: `${parts.join(', ')}: import?`, notes };
}

export interface CsvImportSummary {
  sessionsAdded: number;
  sessionsAlreadyHere: number;
}

/**
 * Adds the CSV's sessions that are not on this device (same id = same session). They belong
 * to the signed-in person (pending upload) or, signed out, are guest sessions.
 */
async function importCsvSessions(
  sessions: CsvSession[],
  ownerId: string | null,
): Promise<CsvImportSummary> {
  const rows: SessionRecord[] = sessions.map((s) => {
    const endTime = s.startTime + s.duration * 1000;
    return {
      ...s,
      userId: ownerId,
      endTime,
      cameraUsed: s.stillnessScore !== undefined,
      aiUsed: false,
      createdAt: new Date(endTime).toISOString(),
      syncState: ownerId ? 'pending' : 'guest',
      attempts: 0,
    };
  });
  return db.transaction('rw', db.sessions, async () => {
    const existing = await db.sessions.bulkGet(rows.map((r) => r.id));
    const fresh = rows.filter((_, i) => !existing[i]);
    await db.sessions.bulkAdd(fresh);
    return { sessionsAdded: fresh.length, sessionsAlreadyHere: rows.length - fresh.length };
  });
}

export async function runImport(
  plan: ImportPlan,
  ownerId: string | null,
): Promise<ImportSummary | CsvImportSummary> {
  // Bounded (data/storageWait): a locked database says so instead of waiting for ever. An import
  // run again after a late first one adds nothing twice (rows already here are left alone).
  return withinStorageWait<ImportSummary | CsvImportSummary>(
    plan.kind === 'bundle' ? importBundle(plan.bundle) : importCsvSessions(plan.sessions, ownerId),
    'import your data',
  );
}
