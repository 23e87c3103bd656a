import { describe, it } from 'vitest';
import { pgClusterUnavailable } from '../../../server/dev/pg-cluster';
import { instructorSuite } from './suite';

const why = pgClusterUnavailable();
if (why) {
  console.warn(`PostgreSQL instructor suite skipped: ${why}`);
  describe('instructors and courses on postgres', () => {
    it.skip(`skipped: ${why}`, () => undefined);
  });
} else {
  instructorSuite('postgres');
}
