import { describe, it } from 'vitest';
import { pgClusterUnavailable } from '../../server/dev/pg-cluster';
import { serverSuite } from './suite';

const why = pgClusterUnavailable();
if (why) {
  console.warn(`PostgreSQL server suite skipped: ${why}`);
  describe('embedded backend on postgres', () => {
    it.skip(`skipped: ${why}`, () => undefined);
  });
} else {
  serverSuite('postgres');
}
