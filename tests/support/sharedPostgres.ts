import pg from 'pg';
import { migrate } from '../../server/db/migrate';
import { openPostgres } from '../../server/db/postgres';
import type { Db } from '../../server/db/types';
import { startPgCluster } from '../../server/dev/pg-cluster';
import { sharedCluster } from './runFixtures';

let copies = 0;

/**
 * A migrated PostgreSQL database of its own for a test: a copy of the run's migrated template
 * in the shared cluster (tests/support/runFixtures.ts), dropped again by `dispose`; without
 * it (a run without the global setup), a cluster of its own, started and migrated here.
 * Roles belong to the cluster: a test that creates or changes roles starts its own cluster.
 */
export async function openMigratedPostgres(): Promise<{ db: Db; dispose: () => Promise<void> }> {
  const shared = await sharedCluster();
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
    const c = new pg.Client({ connectionString: shared.url });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`create database ${name} template ${shared.template}`);
  const db = openPostgres(shared.url.replace(/\/postgres$/, `/${name}`));
  return {
    db,
    dispose: async () => {
      await db.close();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}
