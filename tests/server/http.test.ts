import { mkdtemp, mkdir, readFile, readdir, rm, stat, writeFile, copyFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPneumaServer } from '../../server/app';
import { verifyJwt } from '../../server/auth/jwt';
import { COMMENT_ONLY_EDITS, migrate, migrationChecksum, MIGRATIONS_DIR } from '../../server/db/migrate';
import type { Db } from '../../server/db/types';
import { loadSecrets } from '../../server/secrets';
import type { Secrets } from '../../server/secrets';
import { parseRateLimit } from '../../server/limits/rules';
import { email, openTestDb, testSecrets } from './helpers';

const base = 'http://127.0.0.1:8787';

describe('server: static files, config, CORS, limits, migrations, secrets', () => {
  let db: Db;
  let dispose: () => Promise<void>;
  let secrets: Secrets;
  let dist: string;
  let tmp: string;

  beforeAll(async () => {
    ({ db, dispose } = await openTestDb('pglite'));
    secrets = await testSecrets();
    tmp = await mkdtemp(join(tmpdir(), 'pneuma-http-'));
    dist = join(tmp, 'dist');
    await mkdir(join(dist, 'assets'), { recursive: true });
    await mkdir(join(dist, 'icons'), { recursive: true });
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>Pneuma</title>');
    await writeFile(join(dist, 'sw.js'), 'self.addEventListener("install", () => {});');
    await writeFile(join(dist, 'manifest.webmanifest'), '{"name":"Pneuma"}');
    await writeFile(join(dist, 'assets', 'index-AbC123.js'), 'console.log(1)');
    await writeFile(join(dist, 'assets', 'index-AbC123.css'), 'body{}');
    await writeFile(join(dist, 'assets', 'big-Zz9.js'), 'console.log("breathe");\n'.repeat(500));
    await writeFile(join(dist, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    await writeFile(join(tmp, 'secret.txt'), 'top secret');
  });
  afterAll(async () => {
    await dispose?.();
    await rm(tmp, { recursive: true, force: true });
  });

  const app = (extra: Partial<Parameters<typeof createPneumaServer>[0]> = {}) => createPneumaServer({ db, secrets, distDir: dist, ...extra }).app;

  it('serves the built app with the right types and cache rules', async () => {
    const a = app();
    const get = (path: string, accept = '*/*') => a.request(`${base}${path}`, { headers: { accept } });
    const index = await get('/', 'text/html');
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(index.headers.get('cache-control')).toBe('no-cache');
    expect(await index.text()).toContain('<title>Pneuma</title>');
    const sw = await get('/sw.js');
    expect(sw.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    const mf = await get('/manifest.webmanifest');
    expect(mf.headers.get('content-type')).toBe('application/manifest+json; charset=utf-8');
    expect(mf.headers.get('cache-control')).toBe('no-cache');
    const js = await get('/assets/index-AbC123.js');
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await js.text()).toBe('console.log(1)');
    expect((await get('/assets/index-AbC123.css')).headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect((await get('/icons/icon-192.png')).headers.get('content-type')).toBe('image/png');
    // revalidation
    const etag = sw.headers.get('etag')!;
    const again = await a.request(`${base}/sw.js`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    // HEAD
    const head = await a.request(`${base}/assets/index-AbC123.js`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('14');
  });

  it('compresses text assets for clients that accept gzip', async () => {
    const a = app();
    const r = await a.request(`${base}/assets/big-Zz9.js`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(r.headers.get('content-encoding')).toBe('gzip');
    expect(r.headers.get('vary')).toContain('Accept-Encoding');
    const raw = Buffer.from(await r.arrayBuffer());
    const { gunzipSync } = await import('node:zlib');
    expect(gunzipSync(raw).toString()).toBe('console.log("breathe");\n'.repeat(500));
    expect(raw.length).toBeLessThan(1000);
    const plain = await a.request(`${base}/assets/big-Zz9.js`);
    expect(plain.headers.get('content-encoding')).toBeNull();
  });

  it('falls back to index.html for page navigations only', async () => {
    const a = app();
    const deep = await a.request(`${base}/progress?tab=week`, { headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(deep.status).toBe(200);
    expect(await deep.text()).toContain('<title>Pneuma</title>');
    // /auth is the app's sign-in screen; only /auth/v1 is the backend
    const authPage = await a.request(`${base}/auth?context=social`, { headers: { accept: 'text/html' } });
    expect(authPage.status).toBe(200);
    expect(await authPage.text()).toContain('<title>Pneuma</title>');
    expect((await a.request(`${base}/missing.js`, { headers: { accept: '*/*' } })).status).toBe(404);
    expect((await a.request(`${base}/assets/gone-123.js`, { headers: { accept: 'text/html' } })).status).toBe(404);
    for (const path of ['/api/nope', '/auth/v1/nope', '/auth/v1', '/rest/v1/', '/rest', '/api']) {
      const r = await a.request(`${base}${path}`, { headers: { accept: 'text/html', apikey: secrets.anonKey } });
      expect(r.status, path).toBe(404);
      expect(r.headers.get('content-type'), path).toMatch(/application\/json/);
    }
    // no way out of dist/
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt', '/assets/..%2f..%2fsecret.txt']) {
      const r = await a.request(`${base}${path}`, { headers: { accept: '*/*' } });
      expect(await r.text(), path).not.toContain('top secret');
    }
    expect((await a.request(`${base}/%E0%A4%A`, { headers: { accept: 'text/html' } })).status).toBe(400);
  });

  it('says how to build when dist/ is missing', async () => {
    const r = await app({ distDir: join(tmp, 'nowhere') }).request(`${base}/`, { headers: { accept: 'text/html' } });
    expect(r.status).toBe(503);
    expect(await r.text()).toContain('npm run build');
  });

  it('serves /config.json for the origin the request came to (the public origin or an alias)', async () => {
    const a = app({ publicUrl: 'https://pneuma.example', publicAliases: ['http://192.168.1.20:8790'] });
    const r = await a.request('http://192.168.1.20:8790/config.json');
    expect(r.headers.get('cache-control')).toBe('no-cache');
    expect(await r.json()).toEqual({ supabaseUrl: 'http://192.168.1.20:8790', supabaseAnonKey: secrets.anonKey, apiUrl: 'http://192.168.1.20:8790' });
    // a name that is neither: refused, never echoed back as the backend's URL
    const other = await app().request('http://192.168.1.20:8790/config.json');
    expect(other.status).toBe(400);
    expect(await other.json()).toMatchObject({ error: 'unknown_host' });
    expect((await verifyJwt(secrets.anonKey, secrets.jwtSecret)).role).toBe('anon');
  });

  it('answers health checks with GET and HEAD, and vision honestly', async () => {
    const a = app();
    for (const path of ['/health', '/api/health']) {
      const g = await a.request(`${base}${path}`);
      expect(g.status).toBe(200);
      expect(await g.json()).toMatchObject({ status: 'ok', database: 'ok', backend: 'pglite' });
      const h = await a.request(`${base}${path}`, { method: 'HEAD' });
      expect(h.status).toBe(200);
      expect(await h.text()).toBe('');
    }
    const v = await a.request(`${base}/api/health/vision`);
    expect(v.status).toBe(503);
    expect(await v.json()).toMatchObject({ configured: false, status: 'unavailable' });
  });

  it('lets more /api routes be registered before the JSON 404', async () => {
    const a = app({ extendApi: (api) => api.get('/echo', (c) => c.json({ ok: true })) });
    expect(await (await a.request(`${base}/api/echo`)).json()).toEqual({ ok: true });
    expect((await a.request(`${base}/api/other`)).status).toBe(404);
  });

  it('allows CORS only for its own origin and the allow-list', async () => {
    const a = app({ corsOrigins: ['https://app.example.test'] });
    const pre = (origin: string) =>
      a.request(`${base}/rest/v1/sessions`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,apikey,prefer' },
      });
    expect((await pre(base)).headers.get('access-control-allow-origin')).toBe(base);
    expect((await pre('https://app.example.test')).headers.get('access-control-allow-origin')).toBe('https://app.example.test');
    expect((await pre('https://evil.example.test')).headers.get('access-control-allow-origin')).toBeNull();
    const allowed = (await pre(base)).headers.get('access-control-allow-headers') ?? '';
    expect(allowed).toContain('apikey');
  });

  it('rate-limits sign-ups and token requests per client', async () => {
    const a = app({ rateLimits: { signup: { limit: 2, windowMs: 60_000 }, token: { limit: 3, windowMs: 60_000 } } });
    const signup = () =>
      a.request(`${base}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: secrets.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email: email('rl'), password: 'breathe-slowly-42' }),
      });
    expect((await signup()).status).toBe(200);
    expect((await signup()).status).toBe(200);
    const third = await signup();
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await third.json()).toMatchObject({ error_code: 'over_request_rate_limit' });
    const token = () =>
      a.request(`${base}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: secrets.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'x@example.test', password: 'wrong-password' }),
      });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await token()).status);
    expect(statuses).toEqual([400, 400, 400, 429]);
    expect(parseRateLimit('30/3600', { limit: 1, windowMs: 1 })).toEqual({ limit: 30, windowMs: 3_600_000 });
    expect(parseRateLimit('0', { limit: 1, windowMs: 5 })).toEqual({ limit: 0, windowMs: 5 });
    expect(() => parseRateLimit('lots', { limit: 1, windowMs: 1 })).toThrow(/Invalid rate limit/);
  });

  it('records migrations, skips applied ones and refuses edited ones', async () => {
    const again = await migrate(db);
    expect(again.applied).toEqual([]);
    expect(again.skipped.length).toBeGreaterThan(0);
    const dir = join(tmp, 'migrations');
    await mkdir(dir);
    for (const f of await readdir(MIGRATIONS_DIR)) await copyFile(join(MIGRATIONS_DIR, f), join(dir, f));
    await writeFile(join(dir, '29990101000000_extra.sql'), 'create table public.extra_test (id int primary key);');
    expect((await migrate(db, dir)).applied).toEqual(['29990101000000_extra.sql']);
    const rec = await db.query<{ name: string }>('select name from pneuma_meta.schema_migrations order by name');
    expect(rec.rows.map((r) => r.name)).toContain('29990101000000_extra.sql');
    await writeFile(join(dir, '29990101000000_extra.sql'), 'create table public.extra_test2 (id int primary key);');
    await expect(migrate(db, dir)).rejects.toThrow(/was changed after it was applied/);
  });

  it('accepts a database that recorded a comment-only earlier version of a migration, and nothing else', async () => {
    const name = '20261122000100_default_ids.sql';
    const current = migrationChecksum(await readFile(join(MIGRATIONS_DIR, name), 'utf8'));
    const earlier = COMMENT_ONLY_EDITS[name]![0]!;
    const record = (checksum: string) => db.query('update pneuma_meta.schema_migrations set checksum = $2 where name = $1', [name, checksum]);
    await record(earlier);
    expect((await migrate(db)).applied).toEqual([]);
    const after = await db.query<{ checksum: string }>('select checksum from pneuma_meta.schema_migrations where name = $1', [name]);
    expect(after.rows[0]?.checksum).toBe(current);
    // the same earlier checksum without the list entry, or any other checksum, is refused
    await record(earlier);
    await expect(migrate(db, MIGRATIONS_DIR, {})).rejects.toThrow(/was changed after it was applied/);
    await record('0'.repeat(64));
    await expect(migrate(db)).rejects.toThrow(/was changed after it was applied/);
    await record(current);
  });

  it('lists as comment-only edits only texts that differ from the current files in comments', async () => {
    // The earlier comment lines of each listed edit: putting them back must give the listed checksum.
    const earlierComments: Record<string, [string, string][]> = {
      '20261122000000_pneuma_schema.sql': [
        [
          '-- users: one row per account, role user / creator / instructor (docs/product.md § Accounts and access).',
          '-- users: one row per account, role user / creator / instructor (spec 3 and 6).',
        ],
      ],
      '20261122000100_default_ids.sql': [
        [
          '-- A plain insert of the minimal session shape ({user_id, breath_hold_time,\n-- restlessness_score, session_duration, pattern_name}) sends no id: give one. Clients that\n-- sync offline sessions still send their own id, which stays the idempotency key.',
          "-- The app's plain insert (spec 7: {user_id, breath_hold_time, restlessness_score,\n-- session_duration, pattern_name}) sends no id: give one. Clients that sync offline\n-- sessions still send their own id, which stays the idempotency key.",
        ],
      ],
    };
    expect(Object.keys(earlierComments).sort()).toEqual(Object.keys(COMMENT_ONLY_EDITS).sort());
    const onlyComments = (block: string) => block.split('\n').every((line) => line.startsWith('--'));
    for (const [name, swaps] of Object.entries(earlierComments)) {
      let text = await readFile(join(MIGRATIONS_DIR, name), 'utf8');
      for (const [now, before] of swaps) {
        expect(onlyComments(now) && onlyComments(before)).toBe(true);
        expect(text.includes(now)).toBe(true);
        text = text.replace(now, before);
      }
      expect(COMMENT_ONLY_EDITS[name]).toContain(migrationChecksum(text));
    }
  });

  it('never runs another request\'s query inside a transaction that switched role (PGlite)', async () => {
    let inside = '';
    const tx = db.transaction(async (t) => {
      await new Promise((r) => setTimeout(r, 150));
      inside = (await t.query<{ u: string }>('select current_user as u')).rows[0]!.u;
    }, "select set_config('role', 'authenticated', true)");
    await new Promise((r) => setTimeout(r, 20));
    const outside = (await db.query<{ u: string }>('select current_user as u')).rows[0]!.u;
    await tx;
    expect(inside).toBe('authenticated');
    expect(outside).not.toBe('authenticated');
  });

  it('generates secrets once, keeps them private, and honours env', async () => {
    const dir = join(tmp, 'data');
    const s1 = await loadSecrets(dir, {});
    const file = join(dir, 'secrets.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const s2 = await loadSecrets(dir, {});
    expect(s2).toEqual(s1);
    expect((await verifyJwt(s1.anonKey, s1.jwtSecret)).role).toBe('anon');
    expect((await verifyJwt(s1.serviceRoleKey, s1.jwtSecret)).role).toBe('service_role');
    const envSecret = 'e'.repeat(40);
    const s3 = await loadSecrets(join(tmp, 'data2'), { PNEUMA_JWT_SECRET: envSecret });
    expect(s3.jwtSecret).toBe(envSecret);
    expect(await readFile(join(tmp, 'data2', 'secrets.json'), 'utf8')).not.toContain(envSecret);
    await expect(loadSecrets(join(tmp, 'data3'), { PNEUMA_JWT_SECRET: 'short' })).rejects.toThrow(/at least 32/);
    await expect(loadSecrets(join(tmp, 'data4'), { PNEUMA_JWT_SECRET: envSecret, PNEUMA_ANON_KEY: s1.anonKey })).rejects.toThrow(/PNEUMA_ANON_KEY/);
  });
});
