import type { IndexableType, Table } from 'dexie';
import type { PneumaDatabase } from '../../data/db';
import { SYNCED_TABLES, type AnySyncedTable } from '../syncedTables';
import type { AnyBundleSection } from './bundleSection';

/**
 * The synced tables that are in the offline data file, each with its section
 * (./bundleSection.ts), and how a section's rows are read from and stored into this
 * device's database. The data file (src/features/data-bundle/bundle.ts) goes over these:
 * it names no table itself.
 */
export interface FileSection {
  table: AnySyncedTable;
  section: AnyBundleSection;
}

/** The registry's entries that carry a data-file section, in registry order. */
export async function fileSections(
  tables: readonly AnySyncedTable[] = SYNCED_TABLES,
): Promise<FileSection[]> {
  const inFile = tables.filter((t) => t.bundle !== undefined);
  const sections = await Promise.all(inFile.map((t) => t.bundle!()));
  return inFile.map((table, i) => ({ table, section: sections[i]! }));
}

/** Oldest first (rows without a creation time keep their order). */
function byCreatedAt(a: { createdAt?: unknown }, b: { createdAt?: unknown }): number {
  const x = typeof a.createdAt === 'string' ? a.createdAt : '';
  const y = typeof b.createdAt === 'string' ? b.createdAt : '';
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The section's rows of this device, as they go into the file. */
export async function rowsToExport(
  { table, section }: FileSection,
  db: PneumaDatabase,
): Promise<unknown[]> {
  const rows = (await table.local(db).toArray()) as { createdAt?: unknown }[];
  return (section.exports ? rows.filter((r) => section.exports!(r)) : rows).sort(byCreatedAt);
}

interface SectionCount {
  added: number;
  alreadyHere: number;
  updated: number;
}

/** A record's primary key in its table (one field, or several for a compound key). */
function keyOf(table: Table, record: Record<string, unknown>): IndexableType {
  const path = table.schema.primKey.keyPath;
  if (path === undefined || path === null) throw new Error(`Table ${table.name} has no key path`);
  return (Array.isArray(path) ? path.map((p) => record[p]) : record[path]) as IndexableType;
}

/** The records already on this device (undefined where the key is new), in order. */
function currentOf(table: Table, records: Record<string, unknown>[]) {
  return table.bulkGet(records.map((r) => keyOf(table, r))) as Promise<
    (Record<string, unknown> | undefined)[]
  >;
}

/** How many of `records` (a section's, from toLocal) have a key already on this device. */
export async function countAlreadyHere(
  { table }: FileSection,
  db: PneumaDatabase,
  records: Record<string, unknown>[],
): Promise<number> {
  const current = await currentOf(table.local(db), records);
  return current.filter((c) => c !== undefined).length;
}

/**
 * Stores a section's records (from its toLocal): a new key is added; one already here is
 * kept, or replaced where the section says so. Run inside a transaction over the table.
 */
export async function storeRecords(
  { table, section }: FileSection,
  db: PneumaDatabase,
  records: Record<string, unknown>[],
): Promise<SectionCount> {
  const local = table.local(db) as Table;
  const current = await currentOf(local, records);
  const count: SectionCount = { added: 0, alreadyHere: 0, updated: 0 };
  const toPut: unknown[] = [];
  records.forEach((record, i) => {
    const here = current[i];
    const next = here === undefined ? record : (section.replaces?.(record, here) ?? null);
    if (here === undefined) count.added += 1;
    else if (next) count.updated += 1;
    else count.alreadyHere += 1;
    if (next) toPut.push(next);
  });
  await local.bulkPut(toPut);
  return count;
}
