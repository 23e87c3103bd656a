import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pendingMigrations } from './migrate';
import type { PgliteOptions } from './pglite';
import { openPgliteThread } from './pglite-thread';
import type { Db } from './types';

type Options = Pick<PgliteOptions, 'dataDir' | 'settings'> & { dataDir: string };

/**
 * The embedded database, schema up to date, opened so that the one-off work of a first start
 * leaves no memory behind. PGlite's WebAssembly memory grows to what its heaviest moment
 * needed and is never given back while the instance lives: initdb on an empty folder took
 * about 850 MB, and a server that kept that instance held 753 MB for good (a database thread
 * closed after the work gave most of it back, yet the process kept about 80 MB more than a
 * restart). So that work runs in a short-lived process of its own (pglite-migrate-process.ts)
 * before the server's database thread opens the folder as any restart does: initdb and the
 * migrations on an empty folder, and the migrations a newer version brings to an existing
 * one. A restart with nothing to apply opens the folder once.
 *
 * `migrateApart` is that process (tests may replace it).
 */
export async function openMigratedPglite(opts: Options, migrateApart: (o: Options) => Promise<void> = migrateInOwnProcess): Promise<Db> {
  if (!existsSync(join(opts.dataDir, 'PG_VERSION'))) await migrateApart(opts);
  let db = await openPgliteThread(opts);
  try {
    if ((await pendingMigrations(db)).length > 0) {
      await db.close();
      await migrateApart(opts);
      db = await openPgliteThread(opts);
    }
  } catch (e) {
    await db.close().catch(() => undefined);
    throw e;
  }
  return db;
}

/**
 * Runs pglite-migrate-process in a child Node process: the compiled one beside the server
 * bundle (dist-server/pglite-migrate.mjs), else its TypeScript source through tsx (tests and
 * `npm run serve`, run from the project folder where tsx is installed).
 */
export function migrateInOwnProcess(opts: Options): Promise<void> {
  const bundled = fileURLToPath(new URL('./pglite-migrate.mjs', import.meta.url));
  const args = existsSync(bundled) ? [bundled] : ['--import', 'tsx', fileURLToPath(new URL('./pglite-migrate-process.ts', import.meta.url))];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, PNEUMA_PGLITE_MIGRATE: JSON.stringify({ dataDir: opts.dataDir, settings: opts.settings ?? {} }) },
      stdio: ['ignore', 'inherit', 'pipe'],
    });
    let err = '';
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(err.trim() || `The database setup process stopped (${signal ?? `exit ${code}`})`));
    });
  });
}
