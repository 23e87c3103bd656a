import { describe } from 'vitest';
import { pgClusterUnavailable } from '../../server/dev/pg-cluster';
import { requireTool } from '../support/required';

/**
 * Runs `suite` against a PostgreSQL 15 server when this machine can start one; otherwise
 * (tests/support/required.ts) one test named `<title> on postgres` that is skipped with the
 * reason, or fails with it under CI=true, so a missing cluster never passes silently.
 */
export function onPostgres(title: string, suite: () => void): void {
  const why = pgClusterUnavailable();
  if (why === null) suite();
  else describe(`${title} on postgres`, () => void requireTool(`PostgreSQL ${title} suite`, why));
}
