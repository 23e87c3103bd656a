import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Db } from './types';

/**
 * Set by scripts/build-server.mjs in the compiled server: the build copies the SQL next to
 * the bundle (migrations/, preamble.sql). Undefined when the TypeScript sources run (tests).
 */
declare const PNEUMA_BUNDLED_SQL: string | undefined;
const bundled = typeof PNEUMA_BUNDLED_SQL === 'string';

export const MIGRATIONS_DIR = fileURLToPath(new URL(bundled ? './migrations/' : '../../supabase/migrations/', import.meta.url));
export const PREAMBLE_FILE = fileURLToPath(new URL('./preamble.sql', import.meta.url));

export interface MigrationReport {
  applied: string[];
  skipped: string[];
}

/**
 * Earlier checksums of migration files whose later edits changed `--` comments only (no
 * statement). A database that recorded one of them accepts the file and records the new
 * checksum. Never list an edit that changes a statement here: add a new migration file.
 * tests/server/http.test.ts rebuilds each earlier text from the current one to prove it.
 */
export const COMMENT_ONLY_EDITS: Readonly<Record<string, readonly string[]>> = Object.freeze({
  // 2026-11-22: comments pointed at the product document instead of spec section numbers.
  '20261122000000_pneuma_schema.sql': [
    '5cd3e8341e0857eb895e24f6cc16e49d00180155824ad39d63bed110fbffe83a',
  ],
  '20261122000100_default_ids.sql': [
    '418160d5472e6f478b086040c652ffbaa4d9ec9a7f35aa34bf46c00865c8d81b',
  ],
});

export const migrationChecksum = (sql: string) => createHash('sha256').update(sql).digest('hex');

/**
 * The migration files a database has not recorded with their current text (all of them when
 * it has no record yet), without changing anything. An edit migrate() would accept as
 * comment-only counts too: migrate() then records the new checksum.
 */
export async function pendingMigrations(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  const table = await db.query<{ t: string | null }>(`select to_regclass('pneuma_meta.schema_migrations')::text as t`);
  if (!table.rows[0]?.t) return files;
  const recorded = new Map(
    (await db.query<{ name: string; checksum: string }>('select name, checksum from pneuma_meta.schema_migrations')).rows.map((r) => [r.name, r.checksum]),
  );
  const texts = await Promise.all(files.map((name) => readFile(`${dir}/${name}`, 'utf8')));
  return files.filter((name, i) => recorded.get(name) !== migrationChecksum(texts[i]!));
}

/**
 * Runs the local preamble (idempotent), then every supabase/migrations/*.sql file
 * not yet recorded in pneuma_meta.schema_migrations, in name order, each in its own
 * transaction. An advisory lock keeps two servers starting at once from racing.
 * A recorded file whose contents changed is refused (migrations are append-only), unless
 * the recorded checksum is one of its comment-only edits.
 */
export async function migrate(
  db: Db,
  dir = MIGRATIONS_DIR,
  commentOnlyEdits: Readonly<Record<string, readonly string[]>> = COMMENT_ONLY_EDITS,
): Promise<MigrationReport> {
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
  // Files recorded with their current text need no transaction (recorded rows are never
  // removed): a restart reads the records once instead of locking per file.
  const recorded = new Map(
    (await db.query<{ name: string; checksum: string }>('select name, checksum from pneuma_meta.schema_migrations')).rows.map((r) => [r.name, r.checksum]),
  );
  const texts = await Promise.all(files.map((name) => readFile(`${dir}/${name}`, 'utf8')));
  for (const [i, name] of files.entries()) {
    const sql = texts[i]!;
    const checksum = migrationChecksum(sql);
    if (recorded.get(name) === checksum) {
      report.skipped.push(name);
      continue;
    }
    await db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock(727274)');
      const done = await tx.query<{ checksum: string }>(
        'select checksum from pneuma_meta.schema_migrations where name = $1',
        [name],
      );
      const row = done.rows[0];
      if (row) {
        if (row.checksum !== checksum) {
          if (!commentOnlyEdits[name]?.includes(row.checksum)) {
            throw new Error(
              `Migration ${name} was changed after it was applied; add a new migration file instead.`,
            );
          }
          await tx.query('update pneuma_meta.schema_migrations set checksum = $2 where name = $1', [
            name,
            checksum,
          ]);
        }
        report.skipped.push(name);
        return;
      }
      await tx.exec(sql);
      await tx.query('insert into pneuma_meta.schema_migrations (name, checksum) values ($1, $2)', [
        name,
        checksum,
      ]);
      report.applied.push(name);
    });
  }
  return report;
}
