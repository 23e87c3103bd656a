// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import {
  forgetLensSession,
  keepLensSession,
  keptLensSession,
  SOCIAL_SESSION_MS,
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
    expect(keptLensSession(API)).toMatchObject(kept);
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
      JSON.stringify({ ...kept, keptAt: Date.now(), account: { nope: true } }),
    );
    expect(keptLensSession(API)).toMatchObject({ ...kept, account: null });
    // One kept by the client before Lens v3 (an account without an owner) is not taken up.
    sessionStorage.setItem(
      'pneuma-lens-session',
      JSON.stringify({ ...kept, keptAt: Date.now(), account: { address: '0xabc', ownedBy: '0xabc' } }),
    );
    expect(keptLensSession(API)).toBeNull();
  });

  it('lasts 24 hours from the sign-in; refreshed tokens do not extend it', () => {
    const t0 = 1_800_000_000_000;
    keepLensSession(kept, t0);
    keepLensSession({ ...kept, tokens: { accessToken: 'a2', refreshToken: 'r2' } }, t0 + 3_600_000);
    expect(keptLensSession(API, t0 + SOCIAL_SESSION_MS - 1)).toMatchObject({ keptAt: t0, tokens: { accessToken: 'a2' } });
    expect(keptLensSession(API, t0 + SOCIAL_SESSION_MS)).toBeNull();
    expect(SOCIAL_SESSION_MS).toBe(86_400_000);
    // A record with no time (kept before the lifetime existed) is not taken up.
    sessionStorage.setItem('pneuma-lens-session', JSON.stringify(kept));
    expect(keptLensSession(API)).toBeNull();
  });
});
