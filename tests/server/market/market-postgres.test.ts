import { describe, it } from 'vitest';
import { pgClusterUnavailable } from '../../../server/dev/pg-cluster';
import { marketSuite } from './suite';

const why = pgClusterUnavailable();
if (why) {
  console.warn(`PostgreSQL marketplace suite skipped: ${why}`);
  describe('marketplace API on postgres', () => {
    it.skip(`skipped: ${why}`, () => undefined);
  });
} else {
  marketSuite('postgres');
}
