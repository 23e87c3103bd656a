// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import {
  forgetLensSession,
  keepLensSession,
  keptLensSession,
} from '../../../src/features/wallet/keptLensSession';

const API = 'https://lens.test/graphql';
const kept = {
  apiUrl: API,
  owner: 'member-1',
  tokens: { accessToken: 'a', refreshToken: 'r' },
  account: null,
};

afterEach(() => sessionStorage.clear());

describe('the kept Lens sign-in', () => {
  it('is read back for its own Lens API only, and forgotten', () => {
    keepLensSession(kept);
    expect(keptLensSession(API)).toEqual(kept);
    expect(keptLensSession('https://other.test/graphql')).toBeNull();
    forgetLensSession();
    expect(keptLensSession(API)).toBeNull();
  });

  it('ignores what is not a sign-in of ours', () => {
    for (const raw of [
      'not json',
      'null',
      '[]',
      JSON.stringify({ ...kept, owner: '' }),
      JSON.stringify({ ...kept, tokens: { accessToken: 'a' } }),
    ]) {
      sessionStorage.setItem('pneuma-lens-session', raw);
      expect(keptLensSession(API), raw).toBeNull();
    }
    sessionStorage.setItem(
      'pneuma-lens-session',
      JSON.stringify({ ...kept, account: { nope: true } }),
    );
    expect(keptLensSession(API)).toEqual({ ...kept, account: null });
    // One kept by the client before Lens v3 (an account without an owner) is not taken up.
    sessionStorage.setItem(
      'pneuma-lens-session',
      JSON.stringify({ ...kept, account: { address: '0xabc', ownedBy: '0xabc' } }),
    );
    expect(keptLensSession(API)).toBeNull();
  });
});
