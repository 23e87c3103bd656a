import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { inject } from 'vitest';
import { migrate } from '../../server/db/migrate';
import { openPglite } from '../../server/db/pglite';
import { openPostgres } from '../../server/db/postgres';
import { PG_BIN, startPgCluster } from '../../server/dev/pg-cluster';

/**
 * Fixtures made once per `vitest run` and shared by every test file that asks, whichever
 * worker it runs in (tests/support/globalSetup.ts gives the folder and cleans up):
 * - a PGlite database migrated with this tree's migrations, as a dumpDataDir() file;
 * - one PostgreSQL cluster with a database migrated the same way, to copy as a template.
 * Each is made from the current migrations by the first test that needs it, so it never lags
 * behind them and a run of pure unit tests pays for neither. A loaded dump or a template copy
 * costs a fraction of a fresh database (PGlite's initdb and the migrations, or a cluster's
 * initdb, start and migrations: 10 s and more each on a busy 2-core machine).
 */
export const SHARED_CLUSTER_FILE = 'cluster.json';
const PGLITE_DUMP_FILE = 'migrated-pglite.tar';
/** The shared cluster's migrated database that test databases are copied from. */
const TEMPLATE_DB = 'pneuma_migrated';

/** This run's fixture folder; undefined outside Vitest (the benches run these helpers under tsx). */
function runFixturesDir(): string | undefined {
  try {
    return inject('runFixturesDir');
  } catch {
    return undefined;
  }
}

/**
 * The fixture `name` in this run's folder, made by `make` (into the path it is given) if no
 * test made it yet; another worker making it meanwhile is waited for. Undefined when this run
 * has no folder (no global setup) or making it failed.
 */
async function once(
  name: string,
  make: (path: string) => Promise<void>,
): Promise<string | undefined> {
  const dir = runFixturesDir();
  if (!dir) return undefined;
  const path = join(dir, name);
  const failed = `${path}.failed`;
  if (existsSync(path)) return path;
  let mine = true;
  await mkdir(`${path}.lock`).catch(() => (mine = false));
  if (mine) {
    try {
      await make(`${path}.part`);
      await rename(`${path}.part`, path);
      return path;
    } catch (e) {
      await writeFile(failed, String(e));
      throw e;
    }
  }
  for (const deadline = Date.now() + 240_000; Date.now() < deadline;) {
    if (existsSync(path)) return path;
    if (existsSync(failed)) return undefined;
    await new Promise((r) => setTimeout(r, 200));
  }
  return undefined;
}

/** The run's migrated PGlite dump (see above), or undefined. */
export function migratedPgliteDump(): Promise<string | undefined> {
  return once(PGLITE_DUMP_FILE, async (path) => {
    const db = await openPglite();
    try {
      await migrate(db);
      const dump = await db.pglite.dumpDataDir('none');
      await writeFile(path, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await db.close();
    }
  });
}

export interface SharedCluster {
  /** The maintenance database's URL. */
  url: string;
  dir: string;
  template: string;
}

/** The run's PostgreSQL cluster with its migrated template database (see above), or undefined. */
export async function sharedCluster(): Promise<SharedCluster | undefined> {
  const file = await once(SHARED_CLUSTER_FILE, async (path) => {
    const cluster = await startPgCluster();
    try {
      const admin = new pg.Client({ connectionString: cluster.url });
      await admin.connect();
      await admin.query(`create database ${TEMPLATE_DB}`);
      await admin.end();
      const db = openPostgres(cluster.url.replace(/\/postgres$/, `/${TEMPLATE_DB}`));
      try {
        await migrate(db);
      } finally {
        await db.close();
      }
      const shared: SharedCluster = { url: cluster.url, dir: cluster.dir, template: TEMPLATE_DB };
      await writeFile(path, JSON.stringify(shared));
    } catch (e) {
      await cluster.stop();
      throw e;
    }
  });
  return file ? (JSON.parse(await readFile(file, 'utf8')) as SharedCluster) : undefined;
}

const run = promisify(execFile);

/** Stops the shared cluster (server/dev/pg-cluster.ts's stop(), from its folder alone). */
export async function stopSharedCluster({ dir }: { dir: string }): Promise<void> {
  const args = ['-D', join(dir, 'data'), '-m', 'immediate', '-w', 'stop'];
  const pgCtl = join(PG_BIN, 'pg_ctl');
  await (
    process.getuid?.() === 0
      ? run('runuser', ['-u', 'postgres', '--', pgCtl, ...args])
      : run(pgCtl, args)
  ).catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
}
