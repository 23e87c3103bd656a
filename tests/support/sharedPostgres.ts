import pg from 'pg';
import { inject } from 'vitest';
import { migrate } from '../../server/db/migrate';
import { openPostgres } from '../../server/db/postgres';
import type { Db } from '../../server/db/types';
import { startPgCluster } from '../../server/dev/pg-cluster';

/** Kept equal to tests/support/globalSetup.ts's TEMPLATE_DB (not imported: that file is the run's, not a worker's). */
const TEMPLATE_DB = 'pneuma_migrated';
let copies = 0;

/**
 * A migrated PostgreSQL database of its own for a test: a copy of the shared cluster's
 * migrated template (tests/support/globalSetup.ts), dropped again by `dispose`; without that
 * cluster (a run without the setup), a cluster of its own, started and migrated here.
 * Roles are per cluster: a test that creates or changes roles starts its own cluster.
 */
export async function openMigratedPostgres(): Promise<{ db: Db; dispose: () => Promise<void> }> {
  const shared = inject('sharedPostgresUrl');
  if (!shared) {
    const cluster = await startPgCluster();
    const db = openPostgres(cluster.url);
    await migrate(db);
    return {
      db,
      dispose: async () => {
        await db.close();
        await cluster.stop();
      },
    };
  }
  copies += 1;
  const name = `test_${process.pid}_${copies}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: shared });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`create database ${name} template ${TEMPLATE_DB}`);
  const db = openPostgres(shared.replace(/\/postgres$/, `/${name}`));
  return {
    db,
    dispose: async () => {
      await db.close();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}
