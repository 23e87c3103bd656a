import { availableParallelism } from 'node:os';
import pg from 'pg';
import { anonShare, ShareGate } from './anon-share';
import { countSetting } from './count-setting';
import { PgPipelines, pipelineCount } from './pg-pipeline';
import type { PipelineResult } from './pg-pipeline';
import type { Db, Tx, QueryResult, WorkLimits } from './types';

/**
 * Connections per server process: PNEUMA_PG_POOL_MAX, else 4 per CPU core between 8 and 32.
 * The pool runs transactions and what the pipelines pass on (pg-pipeline.ts); each such request
 * holds one connection for its round trips, so a few per core keep the database busy without
 * queueing work it cannot run in parallel anyway.
 */
export function poolSize(
  env: NodeJS.ProcessEnv = process.env,
  cores = availableParallelism(),
): number {
  const n = countSetting(env, 'PNEUMA_PG_POOL_MAX', 1, 1000);
  if (n !== undefined) return n;
  return Math.min(32, Math.max(8, cores * 4));
}

/**
 * node-postgres behind the same interface as PGlite: `pipelines` pipelined connections
 * (pg-pipeline.ts) for queries and batches (the one-round-trip path of every /rest/v1 request),
 * each its own implicit transaction, and a pool for transactions, exec and what the pipelines
 * pass on. Anonymous work (WorkLimits.anonymous) takes pool connections only, at most
 * `anonMax` at once (anon-share.ts).
 */
export function openPostgres(
  connectionString: string,
  max = poolSize(),
  pipelines = pipelineCount(),
  anonMax = anonShare(max),
): Db & { pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString, max });
  // An idle client error (server restart) must not crash the process.
  pool.on('error', (err) => console.error('postgres pool error:', err.message));
  const piped = new PgPipelines(
    connectionString,
    pipelines,
    (sql, params) => pool.query(sql, params) as Promise<PipelineResult>,
  );
  const anon = new ShareGate(anonMax);
  /** Anonymous work waits for its share of the pool; the rest runs as it comes. */
  const gated = <T>(limits: WorkLimits | undefined, task: () => Promise<T>): Promise<T> =>
    limits?.anonymous ? anon.run(task, limits.timeoutMs) : task();
  const query = async <T>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>> => {
    const r = (await piped.run(sql, params ? [...params] : undefined)) as pg.QueryResult;
    return { rows: r.rows as T[], rowCount: r.rowCount ?? 0 };
  };
  const db: Db & { pool: pg.Pool } = {
    kind: 'postgres',
    pool,
    query,
    async exec(sql: string) {
      await pool.query(sql);
    },
    transaction<T>(fn: (tx: Tx) => Promise<T>, setup?: string, limits?: WorkLimits): Promise<T> {
      return gated(limits, () => transaction(fn, setup));
    },
    async batch(sql: string, limits?: WorkLimits) {
      // No parameters: node-postgres sends one simple-protocol message and gets every result back.
      const r = limits?.anonymous
        ? await anon.run(() => pool.query(sql) as Promise<PipelineResult>, limits.timeoutMs)
        : await piped.run(sql);
      return (Array.isArray(r) ? r : [r]).map((x) => ({
        rows: x.rows as Record<string, unknown>[],
        rowCount: x.rowCount ?? 0,
      }));
    },
    async close() {
      await piped.close();
      await pool.end();
    },
  };

  return db;

  async function transaction<T>(fn: (tx: Tx) => Promise<T>, setup?: string): Promise<T> {
    const client = await pool.connect();
    try {
      await client.query(setup ? `BEGIN; ${setup}` : 'BEGIN');
      const tx: Tx = {
        async exec(sql: string) {
          await client.query(sql);
        },
        async query<U>(sql: string, params?: readonly unknown[]): Promise<QueryResult<U>> {
          const r = await client.query(sql, params ? [...params] : undefined);
          return { rows: r.rows as U[], rowCount: r.rowCount ?? 0 };
        },
      };
      const out = await fn(tx);
      await client.query('COMMIT');
      return out;
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      client.release();
    }
  }
}
