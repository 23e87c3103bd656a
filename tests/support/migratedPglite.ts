import { readFile } from 'node:fs/promises';
import { migrate } from '../../server/db/migrate';
import { openPglite } from '../../server/db/pglite';
import { migratedPgliteDump } from './runFixtures';

/**
 * An in-memory PGlite database with the project's migrations applied, as a test database:
 * loaded from this run's migrated dump (tests/support/runFixtures.ts), else (a run without
 * the global setup) opened and migrated here.
 */
export async function openMigratedPglite(): ReturnType<typeof openPglite> {
  const dump = await migratedPgliteDump();
  if (dump) return openPglite({ loadDataDir: new Blob([await readFile(dump)]) });
  const db = await openPglite();
  await migrate(db);
  return db;
}
