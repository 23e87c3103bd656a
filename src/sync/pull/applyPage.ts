import type { IndexableType } from 'dexie';
import type { PneumaDatabase } from '../../data/db';
import { laterCursor, type PullCursor } from '../../domain/pullPlan';
import { mergeDecision, type LocalCopy } from '../../domain/syncMerge';
import { serverVersion, type ServerRow } from '../rows/serverValues';
import type { PullTable } from './pullTables';

/**
 * Merges one page of server rows into the local table, by the domain's merge rules, in
 * one transaction with the table's cursor: a local change made meanwhile is seen (and
 * kept), and the cursor never moves past rows that were not stored. Nothing is stored
 * once the user is no longer the one signed in. Returns how many rows changed something
 * here and the last row of the page.
 */
export async function applyPage<L extends LocalCopy, K extends IndexableType>(
  database: PneumaDatabase,
  spec: PullTable<L, K>,
  userId: string,
  rows: ServerRow[],
): Promise<{ applied: number; last: PullCursor | undefined }> {
  const last = lastOf(spec, rows);
  const readable = rows.flatMap((row) => {
    const key = spec.localKey(row, userId);
    const version = serverVersion(row);
    return key !== null && version ? [{ row, key, version }] : [];
  });
  const table = spec.local(database);
  let applied = 0;
  await database.transaction('rw', table, database.syncCursors, database.authSession, async () => {
    // Signed out (or someone else signed in) while the page was on its way: store nothing,
    // so a sign-out that cleared the user's rows stays clean.
    if ((await database.authSession.get('current'))?.userId !== userId) return;
    const current = await table.bulkGet(readable.map((r) => r.key));
    const puts: L[] = [];
    const removals: K[] = [];
    readable.forEach(({ row, key, version }, i) => {
      const local = current[i];
      const decision = mergeDecision(local, version);
      if (decision === 'remove') removals.push(key);
      if (decision !== 'insert' && decision !== 'replace') return;
      const incoming = spec.fromRow(row, userId, version.updatedAt);
      if (incoming) puts.push(local ? replaced(local, incoming) : incoming);
    });
    if (puts.length) await table.bulkPut(puts);
    if (removals.length) await table.bulkDelete(removals);
    applied = puts.length + removals.length;
    if (last) await moveCursor(database, userId, spec.table, last);
  });
  return { applied, last };
}

/** The server's version over the local copy: fields only this device knows (e.g. a vision session id) stay. */
function replaced<L extends LocalCopy>(local: L, incoming: L): L {
  const next: L & { lastError?: string; nextAttemptAt?: number } = { ...local, ...incoming };
  delete next.lastError;
  delete next.nextAttemptAt;
  return next;
}

function lastOf<L extends LocalCopy, K extends IndexableType>(
  spec: PullTable<L, K>,
  rows: ServerRow[],
): PullCursor | undefined {
  const row = rows.at(-1);
  const key = row?.[spec.keyColumn];
  if (
    !row ||
    typeof row.updated_at !== 'string' ||
    (typeof key !== 'string' && typeof key !== 'number')
  )
    return undefined;
  return { updatedAt: row.updated_at, key: String(key) };
}

export async function readCursor(
  database: PneumaDatabase,
  userId: string,
  table: string,
): Promise<PullCursor | null> {
  const c = await database.syncCursors.get([userId, table]);
  return c ? { updatedAt: c.updatedAt, key: c.key } : null;
}

async function moveCursor(
  database: PneumaDatabase,
  userId: string,
  table: string,
  last: PullCursor,
): Promise<void> {
  const next = laterCursor(await readCursor(database, userId, table), last);
  if (next) await database.syncCursors.put({ userId, table, ...next });
}
