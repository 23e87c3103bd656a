/**
 * Run as a process of its own by pglite-migrated.ts (compiled beside main.mjs as
 * pglite-migrate.mjs): opens the embedded database's folder (initdb when it is empty), applies
 * the migrations, closes it and exits, so the memory that work needed leaves with the process.
 * Options come as JSON in PNEUMA_PGLITE_MIGRATE ({ dataDir, settings }); a failure is one line
 * on stderr and exit code 1.
 */
import { migrate } from './migrate';
import { openPglite } from './pglite';
import type { PgliteOptions } from './pglite';
import { openFailure } from './pglite-open-failure';

const opts = JSON.parse(process.env.PNEUMA_PGLITE_MIGRATE ?? '{}') as Pick<PgliteOptions, 'dataDir' | 'settings'>;
try {
  let db: Awaited<ReturnType<typeof openPglite>>;
  try {
    db = await openPglite(opts);
  } catch (e) {
    const why = openFailure(e, opts.dataDir);
    throw e instanceof Error ? new Error(`The embedded database could not open its data folder ${opts.dataDir ?? '(in memory)'}: ${why.message}`) : why;
  }
  try {
    await migrate(db);
  } finally {
    await db.close();
  }
  process.exit(0);
} catch (e) {
  process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
}
