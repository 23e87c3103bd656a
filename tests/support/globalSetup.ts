import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate } from '../../server/db/migrate';
import { openPglite } from '../../server/db/pglite';

/**
 * Once per `vitest run`: a PGlite database migrated with this tree's migrations, dumped to a
 * file that tests/support/migratedPglite.ts loads for every test database. Loading it skips
 * PGlite's initdb and the migrations (on a 2-core machine about 3 s instead of 10 s and more
 * per database). The dump is made from the current migrations on every run, so it never
 * lags behind them; tests of migrate() itself and of a first start still start from nothing.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of a dumpDataDir() tarball of a freshly migrated PGlite database. */
    migratedPgliteDump: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'pneuma-vitest-'));
  const db = await openPglite();
  try {
    await migrate(db);
    const dump = await db.pglite.dumpDataDir('none');
    const file = join(dir, 'migrated.tar');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('migratedPgliteDump', file);
  } finally {
    await db.close();
  }
  return () => rm(dir, { recursive: true, force: true });
}
