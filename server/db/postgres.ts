import pg from 'pg';
import type { Db, Tx, QueryResult } from './types';

/** node-postgres pool behind the same interface as PGlite. */
export function openPostgres(connectionString: string, max = 10): Db & { pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString, max });
  // An idle client error (server restart) must not crash the process.
  pool.on('error', (err) => console.error('postgres pool error:', err.message));
  const query = async <T>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>> => {
    const r = await pool.query(sql, params ? [...params] : undefined);
    return { rows: r.rows as T[], rowCount: r.rowCount ?? 0 };
  };
  return {
    kind: 'postgres',
    pool,
    query,
    async exec(sql: string) {
      await pool.query(sql);
    },
    async transaction<T>(fn: (tx: Tx) => Promise<T>, setup?: string): Promise<T> {
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
    },
    async close() {
      await pool.end();
    },
  };
}
