import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { displayName } from '../../../src/app/auth/authStore';
import { ensureUserRow } from '../../../src/app/auth/userRow';
import { setConfigForTests } from '../../../src/backend/config';

/**
 * The users row on sign-in, read and written through the one client's table calls
 * (src/backend/api/restTables.ts) against a small PostgREST-shaped fake of /rest/v1/users
 * (GET with eq filters, POST with the database's error bodies). Not proved here: the real
 * server's row-level security on users (tests/server).
 */
type Row = { id: string; role: string };

function fakeUsers(rows: Row[], onInsert: (row: Row) => Response | null = () => null) {
  const inserted: unknown[] = [];
  const seen: { method: string; url: URL; auth: string | null }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    seen.push({ method, url, auth: new Headers(init?.headers).get('authorization') });
    expect(url.pathname).toBe('/rest/v1/users');
    if (method === 'POST') {
      const row = JSON.parse(String(init?.body)) as Row;
      inserted.push(row);
      return onInsert(row) ?? new Response(null, { status: 201 });
    }
    expect(url.searchParams.get('select')).toBe('id,role');
    const id = url.searchParams.get('id')?.replace(/^eq\./, '');
    const body = JSON.stringify(rows.filter((r) => r.id === id));
    return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return { inserted, seen };
}

const refusal = (status: number, code: string, message: string) =>
  new Response(JSON.stringify({ code, message }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

beforeEach(() => {
  setConfigForTests({
    supabaseUrl: 'http://backend.test',
    supabaseAnonKey: 'anon',
    apiUrl: 'http://backend.test',
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  setConfigForTests(null);
});

describe('users row on sign-in', () => {
  it('reads the role of an existing row and inserts nothing', async () => {
    const f = fakeUsers([{ id: 'u1', role: 'creator' }]);
    expect(await ensureUserRow('u1', 'token-1')).toBe('creator');
    expect(f.seen.map((r) => [r.method, r.url.searchParams.get('id'), r.auth])).toEqual([
      ['GET', 'eq.u1', 'Bearer token-1'],
    ]);
    expect(f.inserted).toEqual([]);
  });
  it('creates {id, role: user} on first sign-in', async () => {
    const f = fakeUsers([]);
    expect(await ensureUserRow('u2', 'token-2')).toBe('user');
    expect(f.inserted).toEqual([{ id: 'u2', role: 'user' }]);
    expect(f.seen[1]).toMatchObject({ method: 'POST', auth: 'Bearer token-2' });
  });
  it('tolerates a row created meanwhile by another tab (23505)', async () => {
    fakeUsers([], () => refusal(409, '23505', 'duplicate key value violates unique constraint'));
    expect(await ensureUserRow('u3', 't')).toBe('user');
  });
  it('throws on other failures so the role is loaded again later', async () => {
    fakeUsers([], () => refusal(403, '42501', 'permission denied for table users'));
    await expect(ensureUserRow('u5', 't')).rejects.toThrow('permission denied');
    vi.stubGlobal('fetch', async () => refusal(401, 'PGRST301', 'JWT expired'));
    await expect(ensureUserRow('u4', 't')).rejects.toThrow('JWT expired');
  });
  it('an unknown role reads as user', async () => {
    fakeUsers([{ id: 'u6', role: 'admin' }]);
    expect(await ensureUserRow('u6', 't')).toBe('user');
  });
});

describe('the name to greet with', () => {
  it('greets with the profile name, else the email local part', () => {
    expect(displayName({ name: ' Ada ', email: 'a@x.test' })).toBe('Ada');
    expect(displayName({ email: 'breather@x.test' })).toBe('breather');
    expect(displayName({ name: '  ', email: 'b@x.test' })).toBe('b');
  });
});
