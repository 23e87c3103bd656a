import { describe, it } from 'vitest';
import { pgClusterUnavailable } from '../../../server/dev/pg-cluster';
import { lensPostsSuite } from './lensPostsSuite';

const why = pgClusterUnavailable();
if (why) {
  console.warn(`PostgreSQL Lens post suite skipped: ${why}`);
  describe('Lens post ids on postgres', () => {
    it.skip(`skipped: ${why}`, () => undefined);
  });
} else {
  lensPostsSuite('postgres');
}
