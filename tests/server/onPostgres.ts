import { describe, it } from 'vitest';
import { pgClusterUnavailable } from '../../server/dev/pg-cluster';

/**
 * Runs `suite` against a PostgreSQL 15 server when this machine can start one; otherwise
 * reports the suite as skipped with the reason (a warning and one skipped test named
 * `<title> on postgres`), so a missing cluster never passes silently.
 */
export function onPostgres(title: string, suite: () => void): void {
  const why = pgClusterUnavailable();
  if (why) {
    console.warn(`PostgreSQL ${title} suite skipped: ${why}`);
    describe(`${title} on postgres`, () => {
      it.skip(`skipped: ${why}`, () => undefined);
    });
  } else {
    suite();
  }
}
