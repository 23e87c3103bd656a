import { describe, expect, it } from 'vitest';
import { mergeUser } from '../../src/domain/mergedUser';

/**
 * useMergedUser's rule (issue #34): id, email, profile, role and wallet in one view, nothing
 * invented. Does not prove the hook follows the live auth and wallet stores (the profile's
 * screen tests and e2e cover that the profile still renders from it).
 */
const account = { id: 'u1', email: 'ada@example.com', name: 'Ada', displayName: 'Ada' };

describe('mergeUser', () => {
  it('is null when nobody is signed in', () => {
    expect(mergeUser(null, 'user', null)).toBeNull();
  });

  it('joins account, profile, role and the wallet facts', () => {
    const wallet = { address: '0xAbC', chainId: '0x1', linkedAddress: '0xAbC', linked: true };
    expect(mergeUser(account, 'creator', wallet)).toEqual({
      id: 'u1',
      email: 'ada@example.com',
      role: 'creator',
      profile: { name: 'Ada', displayName: 'Ada' },
      wallet,
    });
  });

  it('keeps unknowns unknown: no wallet before its code loads, no role before the users row', () => {
    const m = mergeUser({ id: 'u2', email: 'b@example.com', displayName: 'b' }, null, null);
    expect(m).toEqual({ id: 'u2', email: 'b@example.com', role: null, profile: { displayName: 'b' }, wallet: null });
  });
});
