import { z } from 'zod';
import {
  db,
  SYNC_STATES,
  type CustomPatternRecord,
  type CustomProgramRecord,
  type SessionRecord,
  type SyncState,
} from '../../data/db';
import { getPreferences, setPreferences, type UserPreferences } from '../../data/preferencesRepo';
import { patternSchema } from '../../domain/patternSchema';
import { programSchema } from '../../domain/programs/programSchema';
import { SESSION_MODES } from '../../domain/sessionModes';
import { NOT_A_PNEUMA_EXPORT } from '../../domain/export/sessionsCsv';
import { SYNCED_TABLES } from '../../sync/syncedTables';

/**
 * The offline data bundle (docs/product.md § Sync): { sessions, patterns, userPreferences,
 * programs } as a JSON file (`programs` added later: a file without it imports none; each
 * program is checked with THE program schema and one already here, by id, is skipped). Import validates with a schema (all three sections are required; a
 * pattern follows the domain's patternSchema, like the create form), explains what
 * is wrong in words, and merges without duplicating sessions (the session id is the key;
 * ids that are not UUIDs, such as the older `offline_...` ids, map to a stable UUID so
 * importing the same file twice still adds nothing).
 */
export const BUNDLE_FORMAT = 'pneuma-offline-data';
export const BUNDLE_VERSION = 1;
/** Larger files are refused before parsing. */
export const MAX_BUNDLE_BYTES = 20 * 1024 * 1024;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const timeValue = z.union([z.number(), z.string()]).transform((v, ctx) => {
  const ms = typeof v === 'number' ? v : Date.parse(v);
  if (!Number.isFinite(ms) || ms <= 0) {
    ctx.addIssue({
      code: 'custom',
      message: 'is not a valid date (ISO text or epoch milliseconds)',
    });
    return z.NEVER;
  }
  return ms;
});

const optionalScore = z
  .number()
  .finite()
  .min(0)
  .max(100)
  .nullish()
  .transform((v) => v ?? undefined);

const bundleSessionSchema = z.object({
  id: z.string().min(1, 'needs an id'),
  userId: z.string().min(1).nullish(),
  patternId: z.string().min(1, 'needs a pattern id'),
  patternName: z.string().min(1, 'needs a pattern name'),
  sessionType: z.enum(SESSION_MODES).default('classic'),
  startTime: timeValue,
  endTime: timeValue.optional(),
  duration: z.number().finite().min(0, 'duration cannot be negative').default(5),
  cycleCount: z.number().int().min(0).default(0),
  targetCycles: z.number().int().min(0).default(10),
  completed: z.boolean().default(true),
  breathHoldTime: z
    .number()
    .finite()
    .min(0)
    .nullish()
    .transform((v) => v ?? undefined),
  restlessnessScore: optionalScore,
  stillnessScore: optionalScore,
  phaseAccuracy: optionalScore,
  rhythmConsistency: optionalScore,
  qualityScore: optionalScore,
  cameraUsed: z.boolean().default(false),
  aiUsed: z.boolean().default(false),
  visionSessionId: z
    .string()
    .nullish()
    .transform((v) => v ?? undefined),
  createdAt: z
    .string()
    .refine((v) => !Number.isNaN(Date.parse(v)), 'is not a valid date')
    .optional(),
  syncState: z.enum(SYNC_STATES).optional(),
  /** The older offline-session shape (ids prefixed offline_) used a boolean. */
  synced: z.boolean().optional(),
});

const bundlePatternSchema = patternSchema
  .extend({
    id: z.string().min(1, 'needs an id'),
    userId: z.string().min(1).nullish(),
    createdAt: z.string().optional(),
    updatedAt: z.string().optional(),
    deleted: z.boolean().optional(),
    syncState: z.enum(SYNC_STATES).optional(),
    lastError: z.string().optional(),
  })
  .strip();

/** A stored program: its row fields, and a definition that THE program schema accepts. */
const bundleProgramSchema = z
  .object({
    id: z.string().min(1, 'needs an id'),
    userId: z.string().min(1).nullish(),
    createdAt: z.string().optional(),
    updatedAt: z.string().optional(),
    deleted: z.boolean().optional(),
    syncState: z.enum(SYNC_STATES).optional(),
  })
  .loose()
  .transform((row, ctx) => {
    const {
      id,
      userId,
      createdAt,
      updatedAt,
      deleted,
      syncState,
      lastError: _error,
      serverUpdatedAt: _server,
      ...definition
    } = row;
    const r = programSchema.safeParse(definition);
    if (!r.success) {
      for (const issue of r.error.issues)
        ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      return z.NEVER;
    }
    return { ...r.data, id, userId, createdAt, updatedAt, deleted, syncState };
  });

const bundlePreferencesSchema = z.object({
  defaultPattern: z.string().min(1, 'must name a pattern').default('box'),
  voiceEnabled: z.boolean({ error: 'must be true or false' }).default(true),
  cameraEnabled: z.boolean({ error: 'must be true or false' }).default(false),
  // Added later: a file without them leaves the current values alone.
  cueTones: z.boolean({ error: 'must be true or false' }).optional(),
  cueVibration: z.boolean({ error: 'must be true or false' }).optional(),
  cueVolume: z.number({ error: 'must be a number from 0 to 1' }).min(0).max(1).optional(),
  countdownSeconds: z
    .number({ error: 'must be a whole number of seconds from 0 to 10' })
    .int('must be a whole number of seconds from 0 to 10')
    .min(0, 'must be a whole number of seconds from 0 to 10')
    .max(10, 'must be a whole number of seconds from 0 to 10')
    .optional(),
  lastSyncTime: z
    .union([z.number(), z.string()])
    .nullish()
    .transform((v) => {
      if (v === null || v === undefined) return null;
      const ms = typeof v === 'number' ? v : Date.parse(v);
      return Number.isFinite(ms) ? ms : null;
    }),
});

export const bundleSchema = z.object({
  format: z.literal(BUNDLE_FORMAT).optional(),
  version: z.number().int().optional(),
  exportedAt: z.string().optional(),
  sessions: z.array(bundleSessionSchema, { error: 'sessions must be a list' }),
  patterns: z.array(bundlePatternSchema, { error: 'patterns must be a list' }),
  userPreferences: bundlePreferencesSchema,
  programs: z.array(bundleProgramSchema, { error: 'programs must be a list' }).default([]),
});

export type ParsedBundle = z.output<typeof bundleSchema>;

export interface OfflineDataBundle {
  format: typeof BUNDLE_FORMAT;
  version: number;
  exportedAt: string;
  sessions: SessionRecord[];
  patterns: CustomPatternRecord[];
  userPreferences: UserPreferences;
  programs: CustomProgramRecord[];
  /** Every other exported synced table (src/sync/syncedTables.ts), by its name. */
  [section: string]: unknown;
}

export class BundleImportError extends Error {
  constructor(
    message: string,
    public readonly problems: string[] = [],
  ) {
    super(message);
    this.name = 'BundleImportError';
  }
}

/** Every exported synced table (src/sync/syncedTables.ts) as a section of its name, and the preferences. */
export async function buildBundle(now: Date = new Date()): Promise<OfflineDataBundle> {
  const exported = SYNCED_TABLES.filter((t) => t.exported);
  const [sections, userPreferences, programs] = await Promise.all([
    Promise.all(exported.map((t) => t.local(db).toArray())),
    getPreferences(),
    // A deleted program's tombstone is sync bookkeeping, not data to carry.
    db.programs.filter((p) => !p.deleted).toArray(),
  ]);
  const tables = Object.fromEntries(exported.map((t, i) => [t.name, sections[i]!.sort(byCreatedAt)]));
  return {
    ...tables,
    format: BUNDLE_FORMAT,
    version: BUNDLE_VERSION,
    exportedAt: now.toISOString(),
    userPreferences,
    programs,
  } as OfflineDataBundle;
}

/** Oldest first (rows without a creation time keep their order). */
function byCreatedAt(a: { createdAt?: unknown }, b: { createdAt?: unknown }): number {
  const x = typeof a.createdAt === 'string' ? a.createdAt : '';
  const y = typeof b.createdAt === 'string' ? b.createdAt : '';
  return x < y ? -1 : x > y ? 1 : 0;
}

export function bundleFileName(now: Date = new Date()): string {
  return `pneuma-offline-data-${now.toISOString().slice(0, 10)}.json`;
}

function describePath(path: PropertyKey[]): string {
  let out = '';
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`;
    else out += out ? `.${String(p)}` : String(p);
  }
  return out;
}

/** What a file that is not one of this app's exports (not shaped like one) gets: one text for the data file and the CSV. */
const NOT_AN_EXPORT = NOT_A_PNEUMA_EXPORT;

/** Parses and validates the text of a bundle file; throws BundleImportError in words. */
export function parseBundle(text: string): ParsedBundle {
  if (text.length > MAX_BUNDLE_BYTES) {
    throw new BundleImportError('The file is too large to be a Pneuma data export (over 20 MB).');
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    // The parser's own words ('Unexpected token …') mean nothing to a person.
    void e;
    throw new BundleImportError(
      text.trimStart().startsWith('{')
        ? 'This file is damaged: it is not valid JSON (cut short or edited). Export your data again and import the new file.'
        : NOT_AN_EXPORT,
    );
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new BundleImportError(NOT_AN_EXPORT);
  }
  const missing = (['sessions', 'patterns', 'userPreferences'] as const).filter(
    (k) => !(k in data),
  );
  if (missing.length) {
    throw new BundleImportError(NOT_AN_EXPORT);
  }
  const r = bundleSchema.safeParse(data);
  if (!r.success) {
    const problems = r.error.issues.map((i) => {
      const where = describePath(i.path);
      return where ? `${where}: ${i.message}` : i.message;
    });
    const shown = problems.slice(0, 5).join('; ');
    const more = problems.length > 5 ? ` (and ${problems.length - 5} more)` : '';
    throw new BundleImportError(`The file could not be imported: ${shown}${more}.`, problems);
  }
  return r.data;
}

/** A stable UUID for an id that is not one (name-based, SHA-1, like UUID v5). */
export async function stableUuid(id: string): Promise<string> {
  if (UUID_RE.test(id)) return id.toLowerCase();
  const bytes = new Uint8Array(
    await crypto.subtle.digest('SHA-1', new TextEncoder().encode(`pneuma-session:${id}`)),
  ).slice(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface ImportSummary {
  sessionsAdded: number;
  sessionsAlreadyHere: number;
  patternsAdded: number;
  patternsUpdated: number;
  programsAdded: number;
  programsAlreadyHere: number;
  preferencesApplied: boolean;
}

/**
 * Merges a parsed bundle into the local database. Sessions already present (same id) are
 * left alone. Imported sessions that were not yet on the server become pending (the outbox
 * only ever uploads the signed-in user's own), and sessions without an owner become guest
 * sessions (offered for attaching like any other).
 */
export async function importBundle(
  bundle: ParsedBundle,
  now: Date = new Date(),
): Promise<ImportSummary> {
  const summary: ImportSummary = {
    sessionsAdded: 0,
    sessionsAlreadyHere: 0,
    patternsAdded: 0,
    patternsUpdated: 0,
    programsAdded: 0,
    programsAlreadyHere: 0,
    preferencesApplied: false,
  };
  const sessions: SessionRecord[] = [];
  const seen = new Set<string>();
  for (const s of bundle.sessions) {
    const id = await stableUuid(s.id);
    if (seen.has(id)) continue;
    seen.add(id);
    const userId = s.userId ?? null;
    const wasSynced = s.syncState === 'synced' || s.synced === true;
    let syncState: SyncState;
    if (!userId) syncState = 'guest';
    else if (wasSynced) syncState = 'synced';
    else if (s.syncState === 'local_only' || s.syncState === 'failed') syncState = s.syncState;
    else syncState = 'pending';
    const endTime = s.endTime ?? s.startTime + s.duration * 1000;
    const {
      synced: _synced,
      syncState: _state,
      userId: _user,
      id: _id,
      createdAt,
      endTime: _end,
      ...rest
    } = s;
    sessions.push({
      ...rest,
      id,
      userId,
      endTime,
      createdAt: createdAt ?? new Date(endTime).toISOString(),
      syncState,
      attempts: 0,
    });
  }
  const patterns: CustomPatternRecord[] = bundle.patterns.map((p) => ({
    ...p,
    userId: p.userId ?? null,
    createdAt: p.createdAt ?? now.toISOString(),
    updatedAt: p.updatedAt ?? p.createdAt ?? now.toISOString(),
    syncState: p.syncState ?? (p.userId ? 'pending' : 'guest'),
  }));

  const programs: CustomProgramRecord[] = [];
  const programIds = new Set<string>();
  for (const p of bundle.programs) {
    if (p.deleted || programIds.has(p.id)) continue;
    programIds.add(p.id);
    const { deleted: _deleted, syncState, userId: owner, ...rest } = p;
    const userId = owner ?? null;
    programs.push({
      ...rest,
      userId,
      createdAt: p.createdAt ?? now.toISOString(),
      updatedAt: p.updatedAt ?? p.createdAt ?? now.toISOString(),
      syncState: !userId ? 'guest' : syncState === 'synced' ? 'synced' : 'pending',
    });
  }

  const tables = [
    db.sessions,
    db.patterns,
    db.programs,
    db.preferences,
    db.userPreferences,
    db.authSession,
  ];
  await db.transaction('rw', tables, async () => {
    const existing = await db.sessions.bulkGet(sessions.map((s) => s.id));
    const fresh = sessions.filter((_, i) => !existing[i]);
    summary.sessionsAlreadyHere = sessions.length - fresh.length;
    await db.sessions.bulkAdd(fresh);
    summary.sessionsAdded = fresh.length;

    const existingPatterns = await db.patterns.bulkGet(patterns.map((p) => p.id));
    const toPut: CustomPatternRecord[] = [];
    patterns.forEach((p, i) => {
      const cur = existingPatterns[i];
      if (!cur) {
        toPut.push(p);
        summary.patternsAdded += 1;
      } else if (p.updatedAt > cur.updatedAt) {
        toPut.push({ ...p, syncState: cur.userId ? 'pending' : p.syncState });
        summary.patternsUpdated += 1;
      }
    });
    await db.patterns.bulkPut(toPut);

    // A program already on this device (same id, even a deleted one) is left alone.
    const existingPrograms = await db.programs.bulkGet(programs.map((p) => p.id));
    const freshPrograms = programs.filter((_, i) => !existingPrograms[i]);
    summary.programsAlreadyHere = programs.length - freshPrograms.length;
    await db.programs.bulkAdd(freshPrograms);
    summary.programsAdded = freshPrograms.length;

    const current = await getPreferences();
    const { lastSyncTime, ...prefs } = bundle.userPreferences;
    await setPreferences({
      ...prefs,
      lastSyncTime: Math.max(current.lastSyncTime ?? 0, lastSyncTime ?? 0) || null,
    });
    summary.preferencesApplied = true;
  });
  return summary;
}
