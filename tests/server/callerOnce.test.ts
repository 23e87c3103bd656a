/**
 * Who is calling is resolved once per request (server/auth/request-caller.ts): one /rest/v1
 * write by a signed-in user passes the abuse limits, the session guard and the table
 * handler, and its token is verified ONCE (it was three times: limits, guard, handler).
 * Counted on the real app (createPneumaServer on PGlite with the project's migrations),
 * with verifyJwt wrapped to count calls; tokens are real HS256 tokens from a real sign-up.
 *
 * Not proven here: the CPU saved (a verification is an HMAC; README § Server figures), nor
 * every /api endpoint (they all ask the same RequestCaller: grep callerOf).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PneumaServer } from '../../server/app';
import type * as Jwt from '../../server/auth/jwt';
import { createPneumaServer } from '../../server/app';
import type { Db } from '../../server/db/types';
import type { Secrets } from '../../server/secrets';
import { openTestDb, testSecrets } from './helpers';

const count = vi.hoisted(() => ({ verify: 0 }));
vi.mock('../../server/auth/jwt', async (importOriginal) => {
  const actual = await importOriginal<typeof Jwt>();
  return {
    ...actual,
    verifyJwt: (...args: Parameters<typeof actual.verifyJwt>) => {
      count.verify += 1;
      return actual.verifyJwt(...args);
    },
  };
});

let db: Db;
let dispose: () => Promise<void>;
let server: PneumaServer;
let secrets: Secrets;
beforeAll(async () => {
  ({ db, dispose } = await openTestDb('pglite'));
  secrets = await testSecrets();
  server = createPneumaServer({ db, secrets, distDir: null });
}, 120_000);
afterAll(async () => {
  await dispose?.();
});

const call = (path: string, init: RequestInit = {}) =>
  server.app.request(`http://localhost${path}`, init);

describe('the caller of a request', () => {
  it('one /rest/v1 write verifies its token once (limits, session guard and table handler ask the same caller)', async () => {
    const signup = await call('/auth/v1/signup', {
      method: 'POST',
      headers: { apikey: secrets.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: `once.${Date.now()}@example.test`, password: 'correct horse 42' }),
    });
    expect(signup.status).toBe(200);
    const { access_token: token, user } = (await signup.json()) as { access_token: string; user: { id: string } };

    count.verify = 0;
    const write = await call('/rest/v1/user_preferences?on_conflict=user_id,key', {
      method: 'POST',
      headers: {
        apikey: token,
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        prefer: 'resolution=merge-duplicates,return=minimal',
      },
      body: JSON.stringify([{ user_id: user.id, key: 'voice', value: true }]),
    });
    expect(write.status).toBe(201);
    expect(count.verify).toBe(1);

    count.verify = 0;
    const changes = await call('/api/sync/changes', {
      headers: { apikey: secrets.anonKey, authorization: `Bearer ${token}` },
    });
    expect(changes.status).toBe(200);
    expect(await changes.json()).toEqual({ versions: { user_preferences: 1 } });
    // The anon key and the user's token: each verified once.
    expect(count.verify).toBe(2);
  });
});
