import { PGlite } from '@electric-sql/pglite';
import type { Transaction } from '@electric-sql/pglite';
import { PGLITE_SETTINGS } from './pglite-settings';
import type { Db, Tx, QueryResult } from './types';

export interface PgliteOptions {
  /** Folder for the data; omitted = in memory. */
  dataDir?: string;
  /** A dumpDataDir() snapshot to start from (tests). */
  loadDataDir?: Blob | File;
  /** Server settings (name -> value) on top of PGLITE_SETTINGS. */
  settings?: Readonly<Record<string, string>>;
}

/** PGlite's own start parameters followed by `-c name=value` for each setting. */
export function pgliteStartParams(settings: Readonly<Record<string, string>> = PGLITE_SETTINGS): string[] {
  return [...PGlite.defaultStartParams, ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`])];
}

function wrap(q: PGlite | Transaction): Tx {
  return {
    async exec(sql: string) {
      await q.exec(sql);
    },
    async query<T>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>> {
      const r = await q.query<T>(sql, params ? [...params] : undefined);
      return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
    },
  };
}

export async function openPglite(opts: PgliteOptions = {}): Promise<Db & { pglite: PGlite }> {
  const pglite = await PGlite.create({
    ...(opts.dataDir ? { dataDir: opts.dataDir } : {}),
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    startParams: pgliteStartParams({ ...PGLITE_SETTINGS, ...opts.settings }),
  });
  const base = wrap(pglite);
  return {
    kind: 'pglite',
    pglite,
    query: base.query,
    exec: base.exec,
    transaction<T>(fn: (tx: Tx) => Promise<T>, setup?: string): Promise<T> {
      return pglite.transaction(async (tx) => {
        if (setup) await tx.query(setup);
        return fn(wrap(tx));
      });
    },
    async batch(sql: string) {
      const results = await pglite.exec(sql);
      // PGlite's exec() reports affectedRows summed over the statements so far: take differences.
      let before = 0;
      return results.map((r) => {
        const total = r.affectedRows ?? before;
        const rowCount = total - before;
        before = total;
        return { rows: r.rows as Record<string, unknown>[], rowCount: rowCount || r.rows.length };
      });
    },
    async close() {
      if (!pglite.closed) await pglite.close();
    },
  };
}
