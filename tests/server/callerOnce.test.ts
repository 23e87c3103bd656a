/**
 * Who is calling is resolved once per request (server/auth/request-caller.ts): one /rest/v1
 * write by a signed-in user passes the abuse limits, the session guard and the table
 * handler, and its token is verified ONCE (it was three times: limits, guard, handler).
 * Counted on the real app (createPneumaServer on PGlite with the project's migrations),
 * with verifyJwt wrapped to count calls; tokens are real HS256 tokens from a real sign-up.
 *
 * Not proven here: the CPU saved (a verification is an HMAC; README § Server figures), nor
 * every /api endpoint by request (they all ask the same RequestCaller: the 'one caller'
 * checks below read the server's files for any other way).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PneumaServer } from '../../server/app';
import type * as Jwt from '../../server/auth/jwt';
import { createPneumaServer } from '../../server/app';
import type { Db } from '../../server/db/types';
import type { Secrets } from '../../server/secrets';
import { sourceFiles } from '../lint/sourceFiles';
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
      body: JSON.stringify({
        email: `once.${Date.now()}@example.test`,
        password: 'correct horse 42',
      }),
    });
    expect(signup.status).toBe(200);
    const { access_token: token, user } = (await signup.json()) as {
      access_token: string;
      user: { id: string };
    };

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

    // GoTrue's /user: the API-key check and the signed-in user ask the same caller (the key
    // and the Bearer token are one token here), so it is verified once; and ending the
    // session is seen by the next /user (the shared SessionCheck, told by /logout).
    count.verify = 0;
    const headers = { apikey: token, authorization: `Bearer ${token}` };
    const me = await call('/auth/v1/user', { headers });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { id: string }).id).toBe(user.id);
    expect(count.verify).toBe(1);
    expect((await call('/auth/v1/logout', { method: 'POST', headers })).status).toBe(204);
    const after = await call('/auth/v1/user', { headers });
    expect(after.status).toBe(403);
    expect(((await after.json()) as { error_code: string }).error_code).toBe('session_not_found');
  });
});

/**
 * The middleware's answer is the only way a handler learns who calls: no server file but the
 * middleware's module (server/auth/request-caller.ts) verifies a JWT or asks auth.sessions
 * whether a session is open, and none but it and the /api answer helpers (server/api/respond.ts)
 * reads the caller from the request's headers. Not proved: a handler that reads the caller
 * another way than these (it would have to verify the token itself, which the first check finds).
 */
describe('one caller', () => {
  const files = sourceFiles(['server']);
  const text = (f: string) => readFileSync(f, 'utf8');
  const ONE = 'server/auth/request-caller.ts';
  it('only the middleware verifies a token (verifyJwt)', () => {
    // jwt.ts defines it; secrets.ts checks the stored keys at start-up, before any request.
    const callers = files.filter(
      (f) =>
        ![ONE, 'server/auth/jwt.ts', 'server/secrets.ts'].includes(f) &&
        /\bverifyJwt\(/.test(text(f)),
    );
    expect(callers).toEqual([]);
  });
  it('only the session check asks auth.sessions whether a session is open', () => {
    const askers = files.filter(
      (f) => f !== 'server/auth/revocation.ts' && /from auth\.sessions\s+where id =/.test(text(f)),
    );
    expect(askers).toEqual([]);
  });
  it("handlers ask the request's caller (callerOf) only through request-caller.ts", () => {
    const readers = files.filter(
      (f) => /\bcallerOf\(/.test(text(f)) && !/export function callerOf/.test(text(f)),
    );
    // Who asks, and why: the limits (per-user key), the session guard and the API-key check of
    // /auth/v1, the /rest table handler, /api's answer helpers, GoTrue's signed-in user, and
    // account deletion (which needs the open session itself).
    expect(readers.sort()).toEqual(
      [
        'server/api/handlers/account.ts',
        'server/api/respond.ts',
        'server/auth/handlers/apikey.ts',
        'server/auth/session-guard.ts',
        'server/auth/users.ts',
        'server/limits/middleware.ts',
        'server/rest/handlers/table.ts',
      ].sort(),
    );
  });
});
