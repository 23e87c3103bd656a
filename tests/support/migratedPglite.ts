import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { migrate } from '../../server/db/migrate';
import { openPglite } from '../../server/db/pglite';

/**
 * An in-memory PGlite database with the project's migrations applied, as a test database:
 * loaded from the dump tests/support/globalSetup.ts made at the start of this run (the same
 * migrations, applied once), else (a run without that setup) opened and migrated here.
 */
export async function openMigratedPglite(): ReturnType<typeof openPglite> {
  const dump = inject('migratedPgliteDump');
  if (dump) {
    const bytes = await readFile(dump);
    return openPglite({ loadDataDir: new Blob([bytes]) });
  }
  const db = await openPglite();
  await migrate(db);
  return db;
}
