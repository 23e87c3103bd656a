import { describe, it } from 'vitest';
import { pgClusterUnavailable } from '../../../server/dev/pg-cluster';
import { walletSuite } from './suite';

const why = pgClusterUnavailable();
if (why) {
  console.warn(`PostgreSQL Sign-In with Ethereum suite skipped: ${why}`);
  describe('Sign-In with Ethereum on postgres', () => {
    it.skip(`skipped: ${why}`, () => undefined);
  });
} else {
  walletSuite('postgres');
}
