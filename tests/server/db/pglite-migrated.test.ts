import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, pendingMigrations } from '../../../server/db/migrate';
import { migrateInOwnProcess, openMigratedPglite } from '../../../server/db/pglite-migrated';

/**
 * A first start on the embedded database (server/db/pglite-migrated.ts): initdb and the
 * migrations run in a short-lived process of their own (the real one, its TypeScript source
 * through tsx), and the server's database thread opens the migrated folder afterwards; a
 * restart with nothing pending does not start that process; a folder with a migration pending
 * goes through it again; a folder that cannot be written says so.
 *
 * Not proven here: the memory given back (bench/server-memory.ts measures the compiled server:
 * resident memory after the first request on an empty folder and the high-water mark).
 */
describe('the embedded database on a first start', () => {
  let dir: string;
  const calls: string[] = [];
  const watched = async (o: Parameters<typeof migrateInOwnProcess>[0]) => {
    calls.push(o.dataDir);
    await migrateInOwnProcess(o);
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pneuma-first-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('migrates an empty folder in a process of its own, then opens it; a restart does not', async () => {
    const dataDir = join(dir, 'pglite');
    const db = await openMigratedPglite({ dataDir }, watched);
    try {
      expect(calls).toEqual([dataDir]);
      expect(await pendingMigrations(db)).toEqual([]);
      const tables = await db.query<{ n: number }>(`select count(*)::int as n from pg_tables where schemaname = 'public' and tablename = 'sessions'`);
      expect(tables.rows[0]!.n).toBe(1);
      // The setup process has exited: nothing else holds the folder.
      await db.query('insert into auth.users (id, email, encrypted_password) values (gen_random_uuid(), $1, $2)', ['first@example.test', 'x']);
    } finally {
      await db.close();
    }
    const again = await openMigratedPglite({ dataDir }, watched);
    try {
      expect(calls).toEqual([dataDir]);
      expect((await again.query<{ n: number }>('select count(*)::int as n from auth.users')).rows[0]!.n).toBe(1);
    } finally {
      await again.close();
    }
  }, 120_000);

  it('counts a migration a newer version brings as pending (openMigratedPglite then runs the setup process again)', async () => {
    const dataDir = join(dir, 'pglite');
    const db = await openMigratedPglite({ dataDir }, watched);
    try {
      const extra = await mkdtemp(join(tmpdir(), 'pneuma-mig-'));
      for (const f of await readdir(MIGRATIONS_DIR)) await writeFile(join(extra, f), await readFile(join(MIGRATIONS_DIR, f)));
      await writeFile(join(extra, '99999999999999_later.sql'), 'create table public.later (id int);');
      expect(await pendingMigrations(db, extra)).toEqual(['99999999999999_later.sql']);
      await rm(extra, { recursive: true, force: true });
    } finally {
      await db.close();
    }
  }, 60_000);

  it('says clearly when the data folder cannot be created', async () => {
    const file = join(dir, 'a-file');
    await writeFile(file, 'not a folder');
    await expect(migrateInOwnProcess({ dataDir: join(file, 'pglite') })).rejects.toThrow(/^The embedded database could not open its data folder .*a-file\/pglite: .*not a directory/);
  }, 60_000);
});
