import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrate } from '../../server/db/migrate';
import { openPglite } from '../../server/db/pglite';
import { openPostgres } from '../../server/db/postgres';
import { pgClusterUnavailable, startPgCluster } from '../../server/dev/pg-cluster';
import type { PgCluster } from '../../server/dev/pg-cluster';

/**
 * Once per `vitest run`, so that each test database costs a copy instead of a start and the
 * migrations (on a 2-core machine about 3 s instead of 10 s and more for PGlite, and a
 * fraction of a second instead of a cluster's initdb and start for PostgreSQL):
 * - a PGlite database migrated with this tree's migrations, dumped to a file that
 *   tests/support/migratedPglite.ts loads for every PGlite test database;
 * - one PostgreSQL cluster with a database migrated the same way, the template that
 *   tests/support/sharedPostgres.ts copies for every PostgreSQL test database.
 * Both are made from the current migrations on every run, so they never lag behind them.
 * Tests of migrate() itself, of a first start and of roles still start from nothing.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of a dumpDataDir() tarball of a freshly migrated PGlite database. */
    migratedPgliteDump: string;
    /** URL of the shared cluster's maintenance database ('' when no cluster can start here). */
    sharedPostgresUrl: string;
  }
}

/** The shared cluster's migrated database that test databases are copied from. */
export const TEMPLATE_DB = 'pneuma_migrated';

async function pgliteDump(dir: string): Promise<string> {
  const db = await openPglite();
  try {
    await migrate(db);
    const dump = await db.pglite.dumpDataDir('none');
    const file = join(dir, 'migrated.tar');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    return file;
  } finally {
    await db.close();
  }
}

async function postgresTemplate(): Promise<PgCluster | undefined> {
  if (pgClusterUnavailable()) return undefined;
  const cluster = await startPgCluster();
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
  return cluster;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'pneuma-vitest-'));
  const [dump, cluster] = await Promise.all([pgliteDump(dir), postgresTemplate()]);
  project.provide('migratedPgliteDump', dump);
  project.provide('sharedPostgresUrl', cluster?.url ?? '');
  return async () => {
    await cluster?.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
