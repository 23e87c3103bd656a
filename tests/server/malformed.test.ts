import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPneumaServer } from '../../server/app';
import type { PneumaServer } from '../../server/app';
import { signJwt } from '../../server/auth/jwt';
import type { Db } from '../../server/db/types';
import type { Secrets } from '../../server/secrets';
import { email, openTestDb, testSecrets } from './helpers';

/** Bad input of every kind gets the right 4xx, never a 500, and the server stays healthy. */
describe('malformed requests', () => {
  let db: Db;
  let dispose: () => Promise<void>;
  let server: PneumaServer;
  let secrets: Secrets;
  let user: string; // access token
  let userSub: string;
  const base = 'http://127.0.0.1:8787';

  beforeAll(async () => {
    ({ db, dispose } = await openTestDb('pglite'));
    secrets = await testSecrets();
    server = createPneumaServer({ db, secrets, distDir: null, rateLimits: { signup: { limit: 0, windowMs: 1 }, token: { limit: 0, windowMs: 1 } } });
    const r = await server.app.request(`${base}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: secrets.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: email('bad'), password: 'breathe-slowly-42' }),
    });
    const s = (await r.json()) as { access_token: string; user: { id: string } };
    user = s.access_token;
    userSub = s.user.id;
  });
  afterAll(async () => {
    await dispose?.();
  });

  type Case = { name: string; method?: string; path: string; headers?: Record<string, string>; body?: string; token?: string | null; status: number; code?: string; field?: string };
  const H = (token: string) => ({ apikey: secrets.anonKey, authorization: `Bearer ${token}` });
  const session = (over: Record<string, unknown> = {}) =>
    JSON.stringify({ id: randomUUID(), pattern_name: 'Box', session_duration: 60, ...over });
  const big = (bytes: number) => JSON.stringify({ id: randomUUID(), pattern_name: 'x'.repeat(bytes), session_duration: 1 });

  const cases = (): Case[] => [
    { name: 'REST bad JSON', method: 'POST', path: '/rest/v1/sessions', body: '{"id": ', status: 400, code: 'PGRST102' },
    { name: 'REST empty body', method: 'POST', path: '/rest/v1/sessions', body: '', status: 400, code: 'PGRST102' },
    { name: 'REST scalar body', method: 'POST', path: '/rest/v1/sessions', body: '42', status: 400, code: 'PGRST102' },
    { name: 'REST array of non-objects', method: 'POST', path: '/rest/v1/sessions', body: '[1, 2]', status: 400, code: 'PGRST102' },
    { name: 'REST unknown column', method: 'POST', path: '/rest/v1/sessions', body: session({ nope: 1 }), status: 400, code: 'PGRST204' },
    { name: 'REST text for integer', method: 'POST', path: '/rest/v1/sessions', body: session({ session_duration: 'long' }), status: 400, code: '22P02' },
    { name: 'REST object for integer', method: 'POST', path: '/rest/v1/sessions', body: session({ session_duration: { a: 1 } }), status: 400, code: '22P02' },
    { name: 'REST null for not-null', method: 'POST', path: '/rest/v1/sessions', body: session({ pattern_name: null }), status: 400, code: '23502' },
    { name: 'REST check violation', method: 'POST', path: '/rest/v1/sessions', body: session({ restlessness_score: 500 }), status: 400, code: '23514' },
    { name: 'REST id not a uuid', method: 'POST', path: '/rest/v1/sessions', body: session({ id: 'offline_123' }), status: 400, code: '22P02' },
    { name: 'REST pattern timing over 60 s', method: 'POST', path: '/rest/v1/patterns', body: JSON.stringify({ id: randomUUID(), name: 'x', inhale: 61, hold: 0, exhale: 4, hold_after_exhale: 0 }), status: 400, code: '23514' },
    { name: 'REST unknown table', path: '/rest/v1/secrets', status: 404, code: 'PGRST205' },
    { name: 'REST table in another schema', path: '/rest/v1/pg_authid', status: 404, code: 'PGRST205' },
    { name: 'REST select unknown column', path: '/rest/v1/sessions?select=id,password', status: 400, code: '42703' },
    { name: 'REST select embedding', path: '/rest/v1/sessions?select=*,users(*)', status: 400, code: 'PGRST100' },
    { name: 'REST select cast', path: '/rest/v1/sessions?select=id::text', status: 400, code: 'PGRST100' },
    { name: 'REST select quote injection', path: `/rest/v1/sessions?select=${encodeURIComponent('id,"x"" from pg_authid--"')}`, status: 400, code: 'PGRST100' },
    { name: 'REST unknown operator', path: '/rest/v1/sessions?id=foo.1', status: 400, code: 'PGRST100' },
    { name: 'REST unsupported operator', path: '/rest/v1/sessions?id=cs.{1}', status: 400, code: 'PGRST100' },
    { name: 'REST filter column injection', path: `/rest/v1/sessions?${encodeURIComponent('id;drop table sessions')}=eq.1`, status: 400, code: 'PGRST100' },
    { name: 'REST filter value injection on uuid', path: `/rest/v1/sessions?id=eq.${encodeURIComponent("1' or '1'='1")}`, status: 400, code: '22P02' },
    { name: 'REST filter value not a number', path: '/rest/v1/sessions?session_duration=gt.abc', status: 400, code: '22P02' },
    { name: 'REST in without parentheses', path: '/rest/v1/sessions?id=in.1,2', status: 400, code: 'PGRST100' },
    { name: 'REST is with a bad value', path: '/rest/v1/sessions?completed=is.maybe', status: 400, code: 'PGRST100' },
    { name: 'REST or filter', path: '/rest/v1/sessions?or=(id.eq.1,id.eq.2)', status: 400, code: 'PGRST100' },
    { name: 'REST order injection', path: `/rest/v1/sessions?order=${encodeURIComponent('created_at desc; drop table sessions--')}`, status: 400, code: 'PGRST100' },
    { name: 'REST order unknown column', path: '/rest/v1/sessions?order=secret.desc', status: 400, code: '42703' },
    { name: 'REST order bad direction', path: '/rest/v1/sessions?order=created_at.sideways', status: 400, code: 'PGRST100' },
    { name: 'REST negative limit', path: '/rest/v1/sessions?limit=-1', status: 400, code: 'PGRST100' },
    { name: 'REST limit not a number', path: '/rest/v1/sessions?limit=ten', status: 400, code: 'PGRST100' },
    { name: 'REST offset in exponent form', path: '/rest/v1/sessions?offset=1e3', status: 400, code: 'PGRST100' },
    { name: 'REST bad Range header', path: '/rest/v1/sessions', headers: { range: 'lots' }, status: 416, code: 'PGRST103' },
    { name: 'REST on_conflict unknown column', method: 'POST', path: '/rest/v1/sessions?on_conflict=nope', headers: { prefer: 'resolution=merge-duplicates' }, body: session(), status: 400, code: '42703' },
    { name: 'REST update without filter', method: 'PATCH', path: '/rest/v1/sessions', body: '{"pattern_name":"x"}', status: 400, code: '21000' },
    { name: 'REST delete without filter', method: 'DELETE', path: '/rest/v1/sessions', status: 400, code: '21000' },
    { name: 'REST update with array body', method: 'PATCH', path: `/rest/v1/sessions?id=eq.${randomUUID()}`, body: '[{}]', status: 400, code: 'PGRST102' },
    { name: 'REST PUT', method: 'PUT', path: '/rest/v1/sessions', body: session(), status: 405, code: 'PGRST117' },
    { name: 'REST csv requested', path: '/rest/v1/sessions', headers: { accept: 'text/csv' }, status: 406, code: 'PGRST107' },
    { name: 'REST other schema requested', path: '/rest/v1/users', headers: { 'accept-profile': 'auth' }, status: 406, code: 'PGRST106' },
    { name: 'REST text/plain body', method: 'POST', path: '/rest/v1/sessions', headers: { 'content-type': 'text/plain' }, body: session(), status: 415 },
    { name: 'REST rpc', method: 'POST', path: '/rest/v1/rpc/pg_sleep', body: '{"seconds": 10}', status: 404 },
    { name: 'REST 2 MB body', method: 'POST', path: '/rest/v1/sessions', body: big(2 * 1024 * 1024), status: 413 },
    { name: 'REST error_reports is not readable', path: '/rest/v1/error_reports', status: 403, code: '42501' },
    { name: 'REST no key at all', path: '/rest/v1/sessions', token: null, status: 401, code: 'PGRST302' },
    { name: 'REST Basic auth', path: '/rest/v1/sessions', token: null, headers: { authorization: 'Basic dXNlcjpwYXNz' }, status: 401, code: 'PGRST301' },
    { name: 'REST garbage token', path: '/rest/v1/sessions', token: 'not.a.jwt', status: 401, code: 'PGRST301' },
    { name: 'REST expired token', path: '/rest/v1/sessions', token: 'EXPIRED', status: 401, code: 'PGRST303' },
    { name: 'REST forged token', path: '/rest/v1/sessions', token: 'FORGED', status: 401, code: 'PGRST301' },
    { name: 'REST alg none token', path: '/rest/v1/sessions', token: 'NONE', status: 401, code: 'PGRST301' },
    { name: 'REST role postgres token', path: '/rest/v1/sessions', token: 'SUPERUSER', status: 401, code: 'PGRST301' },
    { name: 'AUTH signup bad JSON', method: 'POST', path: '/auth/v1/signup', token: 'ANON', body: '{', status: 400, code: 'bad_json' },
    { name: 'AUTH signup number password', method: 'POST', path: '/auth/v1/signup', token: 'ANON', body: JSON.stringify({ email: email('n'), password: 123456 }), status: 400, code: 'validation_failed' },
    { name: 'AUTH signup header injection email', method: 'POST', path: '/auth/v1/signup', token: 'ANON', body: JSON.stringify({ email: 'a@b.c\r\nBcc: x@y.z', password: 'breathe-slowly-42' }), status: 400, code: 'validation_failed' },
    { name: 'AUTH signup 100 KB body', method: 'POST', path: '/auth/v1/signup', token: 'ANON', body: JSON.stringify({ email: email('big'), password: 'breathe-slowly-42', data: { x: 'y'.repeat(100_000) } }), status: 413 },
    { name: 'AUTH signup without key', method: 'POST', path: '/auth/v1/signup', token: null, body: JSON.stringify({ email: email('nokey'), password: 'breathe-slowly-42' }), status: 401 },
    { name: 'AUTH unknown grant', method: 'POST', path: '/auth/v1/token?grant_type=magic', token: 'ANON', body: '{}', status: 400, code: 'unsupported_grant_type' },
    { name: 'AUTH password grant without fields', method: 'POST', path: '/auth/v1/token?grant_type=password', token: 'ANON', body: '{}', status: 400, code: 'validation_failed' },
    { name: 'AUTH unknown refresh token', method: 'POST', path: '/auth/v1/token?grant_type=refresh_token', token: 'ANON', body: '{"refresh_token":"abc"}', status: 400, code: 'refresh_token_not_found' },
    { name: 'AUTH user with anon key as bearer', path: '/auth/v1/user', token: 'ANON', status: 403, code: 'bad_jwt' },
    { name: 'AUTH user with expired token', path: '/auth/v1/user', token: 'EXPIRED', status: 403, code: 'bad_jwt' },
    { name: 'AUTH logout with a bad scope', method: 'POST', path: '/auth/v1/logout?scope=everyone', status: 400 },
    { name: 'API errors bad JSON', method: 'POST', path: '/api/errors', body: '{"message":', status: 400 },
    { name: 'API errors as form data', method: 'POST', path: '/api/errors', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'message=x', status: 415 },
    { name: 'API errors without key', method: 'POST', path: '/api/errors', token: null, body: '{"message":"x"}', status: 401 },
    { name: 'API errors without message', method: 'POST', path: '/api/errors', body: '{"severity":"low"}', status: 400, field: 'message' },
    { name: 'API errors bad severity', method: 'POST', path: '/api/errors', body: '{"message":"x","severity":"apocalyptic"}', status: 400, field: 'severity' },
    { name: 'API errors 300 KB body', method: 'POST', path: '/api/errors', body: JSON.stringify({ message: 'x', stack: 'y'.repeat(300_000) }), status: 413 },
    { name: 'API account with anon key', method: 'DELETE', path: '/api/account', token: 'ANON', status: 401 },
    { name: 'API unknown endpoint', path: '/api/nothing-here', status: 404 },
    { name: 'API sessions (removed: sessions go to /rest/v1/sessions)', method: 'POST', path: '/api/sessions', body: '{}', status: 404 },
  ];

  it('answers each with the right 4xx, never a 500, and stays healthy', async () => {
    const payload = { sub: userSub, role: 'authenticated', aud: 'authenticated', session_id: randomUUID() };
    const tokens: Record<string, string> = {
      EXPIRED: await signJwt(payload, secrets.jwtSecret, -60),
      FORGED: await signJwt(payload, 'x'.repeat(40), 3600),
      NONE: `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ ...payload, exp: 9999999999 })).toString('base64url')}.`,
      SUPERUSER: await signJwt({ ...payload, role: 'postgres' }, secrets.jwtSecret, 3600),
      ANON: secrets.anonKey,
    };
    const list = cases();
    expect(list.length).toBeGreaterThanOrEqual(30);
    const failures: string[] = [];
    for (const c of list) {
      const token = c.token === null ? null : c.token === undefined ? user : (tokens[c.token] ?? c.token);
      const headers: Record<string, string> = { ...(token ? H(token) : {}), ...(c.body !== undefined ? { 'content-type': 'application/json' } : {}), ...c.headers };
      if (c.token === null && !c.headers?.authorization) delete headers.authorization;
      const res = await server.app.request(`${base}${c.path}`, { method: c.method ?? 'GET', headers, body: c.body });
      const text = await res.text();
      let json: Record<string, unknown> = {};
      try {
        json = JSON.parse(text) as Record<string, unknown>;
      } catch {
        /* not JSON */
      }
      const code = json.error_code ?? json.code;
      if (res.status !== c.status || (c.code && code !== c.code) || (c.field && json.field !== c.field)) {
        failures.push(`${c.name}: got ${res.status} ${text.slice(0, 160)}`);
      }
      if (res.status >= 500) failures.push(`${c.name}: server error ${res.status}`);
    }
    expect(failures).toEqual([]);

    // still healthy, and still working
    const health = await server.app.request(`${base}/api/health`);
    expect(health.status).toBe(200);
    const ok = await server.app.request(`${base}/rest/v1/sessions`, {
      method: 'POST',
      headers: { ...H(user), 'content-type': 'application/json', prefer: 'return=representation' },
      body: session(),
    });
    expect(ok.status).toBe(201);
    const tables = await db.query<{ n: number }>(`select count(*)::int as n from pg_tables where schemaname = 'public' and tablename = 'sessions'`);
    expect(tables.rows[0]?.n).toBe(1);
  });

  it('caps a read at maxRows, as Supabase does, and pages past it', async () => {
    const capped = createPneumaServer({ db, secrets, distDir: null, maxRows: 2 });
    for (let i = 0; i < 3; i++) {
      const r = await capped.app.request(`${base}/rest/v1/sessions`, { method: 'POST', headers: { ...H(user), 'content-type': 'application/json' }, body: session() });
      expect(r.status).toBe(201);
    }
    const all = await capped.app.request(`${base}/rest/v1/sessions?select=id`, { headers: { ...H(user), prefer: 'count=exact' } });
    const rows = (await all.json()) as unknown[];
    expect(rows).toHaveLength(2);
    const total = Number(all.headers.get('content-range')?.split('/')[1]);
    expect(total).toBeGreaterThanOrEqual(3);
    expect(all.headers.get('content-range')).toBe(`0-1/${total}`);
    const next = await capped.app.request(`${base}/rest/v1/sessions?select=id&offset=2&limit=5`, { headers: H(user) });
    expect(((await next.json()) as unknown[]).length).toBe(Math.min(2, total - 2));
  });

  it('treats an injection attempt in a text filter as a plain value', async () => {
    const res = await server.app.request(`${base}/rest/v1/sessions?select=id&pattern_name=eq.${encodeURIComponent("x' or '1'='1")}`, { headers: H(user) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
  });
});
