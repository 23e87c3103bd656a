import { describe, it } from 'vitest';
import { pgClusterUnavailable } from '../../../server/dev/pg-cluster';
import { flowSuite } from './suite';

const why = pgClusterUnavailable();
if (why) {
  console.warn(`PostgreSQL pattern tokens suite skipped: ${why}`);
  describe('pattern tokens API on postgres', () => {
    it.skip(`skipped: ${why}`, () => undefined);
  });
} else {
  flowSuite('postgres');
}
