import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Db } from './types';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../supabase/migrations/', import.meta.url));
export const PREAMBLE_FILE = fileURLToPath(new URL('./preamble.sql', import.meta.url));

export interface MigrationReport {
  applied: string[];
  skipped: string[];
}

/**
 * Runs the local preamble (idempotent), then every supabase/migrations/*.sql file
 * not yet recorded in pneuma_meta.schema_migrations, in name order, each in its own
 * transaction. An advisory lock keeps two servers starting at once from racing.
 * A recorded file whose contents changed is refused: migrations are append-only.
 */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<MigrationReport> {
  const preamble = await readFile(PREAMBLE_FILE, 'utf8');
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  const report: MigrationReport = { applied: [], skipped: [] };
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(727274)');
    await tx.exec(preamble);
    await tx.exec(`
      create schema if not exists pneuma_meta;
      revoke all on schema pneuma_meta from public;
      create table if not exists pneuma_meta.schema_migrations (
        name text primary key,
        checksum text not null,
        applied_at timestamptz not null default now()
      );`);
  });
  for (const name of files) {
    const sql = await readFile(`${dir}/${name}`, 'utf8');
    const checksum = createHash('sha256').update(sql).digest('hex');
    await db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock(727274)');
      const done = await tx.query<{ checksum: string }>('select checksum from pneuma_meta.schema_migrations where name = $1', [name]);
      const row = done.rows[0];
      if (row) {
        if (row.checksum !== checksum) {
          throw new Error(`Migration ${name} was changed after it was applied; add a new migration file instead.`);
        }
        report.skipped.push(name);
        return;
      }
      await tx.exec(sql);
      await tx.query('insert into pneuma_meta.schema_migrations (name, checksum) values ($1, $2)', [name, checksum]);
      report.applied.push(name);
    });
  }
  return report;
}
