import { z } from 'zod';
import { db } from '../../data/db';
import { getPreferences, setPreferences, type UserPreferences } from '../../data/preferencesRepo';
import { NOT_A_PNEUMA_EXPORT } from '../../domain/export/sessionsCsv';
import { LOCALES } from '../../domain/i18n/locales';
import {
  countAlreadyHere,
  fileSections,
  rowsToExport,
  storeRecords,
  type FileSection,
} from '../../sync/bundle/bundleSections';

/**
 * The offline data file (docs/product.md § Sync): a JSON object with one section per synced
 * table whose entry in src/sync/syncedTables.ts carries a data-file section (sessions,
 * patterns, programs today; how each is written, checked and read back: src/sync/bundle),
 * and the person's preferences as `userPreferences`. No table is named here: a table added
 * to the registry with a section is exported and imported as it is.
 *
 * Import validates with a schema (the sections every export has had, and the preferences,
 * are required; a later section may be missing from an older file), explains what is wrong
 * in words, and merges without duplicating (each section decides what a row already on this
 * device becomes).
 */
export const BUNDLE_FORMAT = 'pneuma-offline-data';
export const BUNDLE_VERSION = 1;
/** Larger files are refused before parsing. */
export const MAX_BUNDLE_BYTES = 20 * 1024 * 1024;

const bundlePreferencesSchema = z.object({
  defaultPattern: z.string().min(1, 'must name a pattern').default('box'),
  voiceEnabled: z.boolean({ error: 'must be true or false' }).default(true),
  cameraEnabled: z.boolean({ error: 'must be true or false' }).default(false),
  // Added later: a file without them leaves the current values alone.
  cueTones: z.boolean({ error: 'must be true or false' }).optional(),
  cueVibration: z.boolean({ error: 'must be true or false' }).optional(),
  cueVolume: z.number({ error: 'must be a number from 0 to 1' }).min(0).max(1).optional(),
  // null: never chosen (the browser's language); a file without it leaves the choice alone.
  voiceLanguage: z
    .enum(LOCALES, { error: `must be one of ${LOCALES.join(', ')}, or null` })
    .nullable()
    .optional(),
  soundBed: z
    .enum(['none', 'brown', 'pink', 'rain'], { error: 'must be none, brown, pink or rain' })
    .optional(),
  soundBedLevel: z.number({ error: 'must be a number from 0 to 1' }).min(0).max(1).optional(),
  windDown: z
    .array(z.string().min(1), { error: 'must be a list of pattern ids' })
    .max(500)
    .optional(),
  windDownOff: z
    .array(z.string().min(1), { error: 'must be a list of pattern ids' })
    .max(500)
    .optional(),
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

/** The file's sections, each checked by its own section's row schema. */
function bundleSchema(sections: FileSection[]) {
  const lists = sections.map(({ table, section }) => {
    const list = z.array(section.row, { error: `${table.name} must be a list` });
    return [table.name, section.required ? list : list.default([])] as const;
  });
  return z.object({
    format: z.literal(BUNDLE_FORMAT).optional(),
    version: z.number().int().optional(),
    exportedAt: z.string().optional(),
    ...Object.fromEntries(lists),
    userPreferences: bundlePreferencesSchema,
  });
}

/** A checked file: each section's rows (by table name) and the preferences. */
export interface ParsedBundle {
  sections: Record<string, unknown[]>;
  userPreferences: z.output<typeof bundlePreferencesSchema>;
}

export interface OfflineDataBundle {
  format: typeof BUNDLE_FORMAT;
  version: number;
  exportedAt: string;
  userPreferences: UserPreferences;
  /** Each exported synced table's rows, by its name (src/sync/syncedTables.ts). */
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

/** Every synced table with a data-file section, as a section of its name, and the preferences. */
export async function buildBundle(now: Date = new Date()): Promise<OfflineDataBundle> {
  const sections = await fileSections();
  const [rows, userPreferences] = await Promise.all([
    Promise.all(sections.map((s) => rowsToExport(s, db))),
    getPreferences(),
  ]);
  return {
    ...Object.fromEntries(sections.map((s, i) => [s.table.name, rows[i]])),
    format: BUNDLE_FORMAT,
    version: BUNDLE_VERSION,
    exportedAt: now.toISOString(),
    userPreferences,
  };
}

/** How many rows the written file's section `name` holds (0 when it has none). */
export function sectionSize(bundle: OfflineDataBundle, name: string): number {
  const rows = bundle[name];
  return Array.isArray(rows) ? rows.length : 0;
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

/** The JSON object of a data file's text; throws BundleImportError in words. */
function parseObject(text: string): object {
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
  return data;
}

/** Parses and validates the text of a bundle file; throws BundleImportError in words. */
export async function parseBundle(text: string): Promise<ParsedBundle> {
  const data = parseObject(text);
  const sections = await fileSections();
  const required = [
    ...sections.filter((s) => s.section.required).map((s) => s.table.name),
    'userPreferences',
  ];
  if (required.some((k) => !(k in data))) {
    throw new BundleImportError(NOT_AN_EXPORT);
  }
  const r = bundleSchema(sections).safeParse(data);
  if (!r.success) {
    const problems = r.error.issues.map((i) => {
      const where = describePath(i.path);
      return where ? `${where}: ${i.message}` : i.message;
    });
    const shown = problems.slice(0, 5).join('; ');
    const more = problems.length > 5 ? ` (and ${problems.length - 5} more)` : '';
    throw new BundleImportError(`The file could not be imported: ${shown}${more}.`, problems);
  }
  const parsed = r.data as Record<string, unknown>;
  return {
    sections: Object.fromEntries(
      sections.map(({ table }) => [table.name, parsed[table.name] as unknown[]]),
    ),
    userPreferences: r.data.userPreferences,
  };
}

/**
 * Per section (by table name): `<name>Added`, `<name>AlreadyHere` (kept as they are on this
 * device) and `<name>Updated` (replaced by the file's newer version).
 */
export type ImportSummary = { preferencesApplied: boolean } & {
  [count: `${string}${'Added' | 'AlreadyHere' | 'Updated'}`]: number;
};

/** The file's rows of each section as local records, in section order. */
async function localRecords(sections: FileSection[], bundle: ParsedBundle, now: Date) {
  return Promise.all(
    sections.map(
      ({ table, section }) =>
        section.toLocal(bundle.sections[table.name] ?? [], now) as Promise<
          Record<string, unknown>[]
        >,
    ),
  );
}

/** The records of section `name` that the file holds and how many of them are already here. */
export async function previewSection(
  bundle: ParsedBundle,
  name: string,
): Promise<{ records: number; alreadyHere: number }> {
  const sections = (await fileSections()).filter((s) => s.table.name === name);
  const [records = []] = await localRecords(sections, bundle, new Date());
  const alreadyHere = sections[0] ? await countAlreadyHere(sections[0], db, records) : 0;
  return { records: records.length, alreadyHere };
}

/**
 * Merges a parsed bundle into the local database: each section's records (its toLocal), then
 * the preferences (a member's last sync time is the later of the two). All or nothing.
 */
export async function importBundle(
  bundle: ParsedBundle,
  now: Date = new Date(),
): Promise<ImportSummary> {
  const sections = await fileSections();
  const records = await localRecords(sections, bundle, now);
  const summary: ImportSummary = { preferencesApplied: false };
  const tables = [
    ...sections.map((s) => s.table.local(db)),
    db.preferences,
    db.userPreferences,
    db.authSession,
  ];
  await db.transaction('rw', tables, async () => {
    for (const [i, s] of sections.entries()) {
      const count = await storeRecords(s, db, records[i]!);
      summary[`${s.table.name}Added`] = count.added;
      summary[`${s.table.name}AlreadyHere`] = count.alreadyHere;
      summary[`${s.table.name}Updated`] = count.updated;
    }
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
