import { PGlite } from '@electric-sql/pglite';
import type { Transaction } from '@electric-sql/pglite';
import type { Db, Tx, QueryResult } from './types';

export interface PgliteOptions {
  /** Folder for the data; omitted = in memory. */
  dataDir?: string;
  /** A dumpDataDir() snapshot to start from (tests). */
  loadDataDir?: Blob | File;
  /** Server settings (name -> value) on top of PGLITE_SETTINGS. */
  settings?: Readonly<Record<string, string>>;
}

/**
 * Settings for a small single-user install (README § Server figures has the measurements).
 * PGlite is one backend in this process: the buffer cache, WAL buffers and per-slot shared
 * memory are WebAssembly memory that is never given back, so they are sized for one user's
 * rows rather than Postgres's server defaults (shared_buffers 128 MB, 100 connection slots).
 * The WAL settings keep the data folder small; PGlite already runs without fsync (-F).
 */
export const PGLITE_SETTINGS: Readonly<Record<string, string>> = Object.freeze({
  shared_buffers: '16MB',
  wal_buffers: '1MB',
  temp_buffers: '2MB',
  work_mem: '4MB',
  maintenance_work_mem: '16MB',
  max_connections: '4',
  min_wal_size: '32MB',
  max_wal_size: '64MB',
});

/**
 * PNEUMA_PGLITE_SETTINGS: "name=value,name=value" over PGLITE_SETTINGS (e.g. a larger
 * shared_buffers on a machine with memory to spare). Unknown names are Postgres's to refuse.
 */
export function pgliteSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (env.PNEUMA_PGLITE_SETTINGS ?? '').split(',')) {
    if (part.trim() === '') continue;
    const m = /^\s*([a-z_][a-z0-9_.]*)\s*=\s*([A-Za-z0-9_.:-]+)\s*$/.exec(part);
    if (!m) throw new Error(`PNEUMA_PGLITE_SETTINGS: "${part.trim()}" is not name=value (e.g. shared_buffers=32MB)`);
    out[m[1]!] = m[2]!;
  }
  return out;
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
