import { PGlite } from '@electric-sql/pglite';
import type { Transaction } from '@electric-sql/pglite';
import type { Db, Tx, QueryResult } from './types';

export interface PgliteOptions {
  /** Folder for the data; omitted = in memory. */
  dataDir?: string;
  /** A dumpDataDir() snapshot to start from (tests). */
  loadDataDir?: Blob | File;
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
    async close() {
      if (!pglite.closed) await pglite.close();
    },
  };
}
