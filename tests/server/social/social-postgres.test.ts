import { describe, it } from 'vitest';
import { pgClusterUnavailable } from '../../../server/dev/pg-cluster';
import { socialSuite } from './suite';

const why = pgClusterUnavailable();
if (why) {
  console.warn(`PostgreSQL community suite skipped: ${why}`);
  describe('community API on postgres', () => {
    it.skip(`skipped: ${why}`, () => undefined);
  });
} else {
  socialSuite('postgres');
}
