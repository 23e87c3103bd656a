import { createHash } from 'node:crypto';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PneumaServerOptions } from '../../server/app';
import { ERROR_REPORT_RETENTION } from '../../server/api/handlers/errors';
import type { Db } from '../../server/db/types';
import { client, email, listen, openTestDb, sessionRow } from './helpers';
import type { Backend, Running } from './helpers';
import { Mailbox } from './mailbox';
import { prePaintScript } from '../../src/domain/prePaintScript';
import { afterPaintLoader } from '../../src/contracts/afterPaintLoader';

const PRE_PAINT_HASH = createHash('sha256').update(prePaintScript()).digest('base64');
const LOADER_HASH = createHash('sha256').update(afterPaintLoader()).digest('base64');

const PASSWORD = 'correct horse 42';

/** Signs up on a server and returns the tokens (raw HTTP, so nothing is cached client-side). */
export async function signUp(url: string, anon: string, addr = email('hard')) {
  const r = await fetch(`${url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: anon, 'content-type': 'application/json' },
    body: JSON.stringify({ email: addr, password: PASSWORD }),
  });
  expect(r.status).toBe(200);
  const s = (await r.json()) as {
    access_token: string;
    refresh_token: string;
    user: { id: string };
  };
  return { email: addr, access: s.access_token, refresh: s.refresh_token, id: s.user.id };
}

export function upsert(
  url: string,
  anon: string,
  access: string,
  rows: unknown,
  headers: Record<string, string> = {},
) {
  return fetch(`${url}/rest/v1/sessions?on_conflict=id`, {
    method: 'POST',
    headers: {
      apikey: anon,
      authorization: `Bearer ${access}`,
      'content-type': 'application/json',
      prefer: 'resolution=ignore-duplicates,return=minimal',
      ...headers,
    },
    body: JSON.stringify(rows),
  });
}

export function readSessions(url: string, anon: string, access: string) {
  return fetch(`${url}/rest/v1/sessions?select=id`, {
    headers: { apikey: anon, authorization: `Bearer ${access}` },
  });
}

/**
 * The hardening suite (docs/product.md § Backend, § Accounts and access), run on PGlite and on
 * a PostgreSQL 15 server: limits with 429 and Retry-After, proxy trust, reauthentication,
 * mailed links (reset, confirmation, email change) that work once and expire, session
 * revocation, password rules, error-report caps and retention, and the CSP.
 */
export function hardeningSuite(kind: Backend, more?: (ctx: () => { db: Db }) => void) {
  describe(`hardening on ${kind}`, () => {
    let db: Db;
    let dispose: () => Promise<void>;
    const servers: Running[] = [];
    let dist: string;

    beforeAll(async () => {
      ({ db, dispose } = await openTestDb(kind));
      dist = await mkdtemp(join(tmpdir(), 'pneuma-hard-'));
      await mkdir(join(dist, 'assets'));
      await writeFile(
        join(dist, 'index.html'),
        '<!doctype html><title>Pneuma</title><script type="module" src="/assets/app.js"></script>',
      );
      await writeFile(join(dist, 'assets', 'app.js'), 'export {}');
    });
    afterAll(async () => {
      for (const s of servers) await s.stop();
      await dispose?.();
      await rm(dist, { recursive: true, force: true });
    });

    /** A server on the shared database; the counters are shared too, so each start clears them. */
    async function start(
      extra: Partial<PneumaServerOptions> = {},
    ): Promise<Running & { mail: Mailbox; anon: string }> {
      await db.query('delete from pneuma_private.rate_limits');
      const mail = new Mailbox();
      const srv = await listen(db, { mailer: mail, ...extra });
      servers.push(srv);
      return Object.assign(srv, { mail, anon: srv.secrets.anonKey });
    }

    it('answers a write over its limit with 429 and Retry-After, counted in the database', async () => {
      const srv = await start({ rateLimits: { restWrite: { limit: 3, windowMs: 60_000 } } });
      const a = await signUp(srv.url, srv.anon);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await upsert(srv.url, srv.anon, a.access, [sessionRow()])).status);
      expect(statuses).toEqual([201, 201, 201, 429]);
      const last = await upsert(srv.url, srv.anon, a.access, [sessionRow()]);
      expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await last.json()).toMatchObject({ code: 'PGRST429' });
      // reads are not writes; another user has its own budget
      expect((await readSessions(srv.url, srv.anon, a.access)).status).toBe(200);
      const b = await signUp(srv.url, srv.anon);
      expect((await upsert(srv.url, srv.anon, b.access, [sessionRow()])).status).toBe(201);
      // counted in memory, in the database within LIMIT_SYNC_MS (or at once on flush)
      await srv.server.limits.flush();
      const row = await db.query<{ points: number }>(
        'select points from pneuma_private.rate_limits where key = $1',
        [`restWrite:user:${a.id}`],
      );
      expect(Number(row.rows[0]?.points)).toBeGreaterThanOrEqual(4);
    });

    it("counts each write against the user's and the address's limits, and answers the longer wait", async () => {
      const srv = await start({
        rateLimits: {
          restWrite: { limit: 2, windowMs: 60_000 },
          restWriteIp: { limit: 3, windowMs: 600_000 },
        },
        trustProxy: 'loopback',
      });
      // An address of this test's own (through the trusted loopback proxy), so no other test's writes count.
      const ip = `198.51.100.${1 + Math.floor(Math.random() * 250)}`;
      const from = { 'x-forwarded-for': ip };
      const a = await signUp(srv.url, srv.anon);
      const b = await signUp(srv.url, srv.anon);
      const statuses: number[] = [];
      for (const user of [a, a, a, b])
        statuses.push((await upsert(srv.url, srv.anon, user.access, [sessionRow()], from)).status);
      // a's third write is over a's limit and still counts against the address; b's first is then
      // the address's fourth write, over its limit of 3.
      expect(statuses).toEqual([201, 201, 429, 429]);
      await srv.server.limits.flush();
      const points = await db.query<{ key: string; points: number }>(
        'select key, points from pneuma_private.rate_limits where key = any($1) order by key',
        [[`restWrite:user:${a.id}`, `restWrite:user:${b.id}`, `restWriteIp:ip:${ip}`]],
      );
      expect(points.rows.map((r) => [r.key, Number(r.points)])).toEqual(
        [
          [`restWrite:user:${a.id}`, 3],
          [`restWrite:user:${b.id}`, 1],
          [`restWriteIp:ip:${ip}`, 4],
        ].sort((x, y) => String(x[0]).localeCompare(String(y[0]), 'en')),
      );
      // The answer names the longer of the two waits: the address's 10-minute window.
      const over = await upsert(srv.url, srv.anon, b.access, [sessionRow()], from);
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(60);
    });

    it('keeps a forged X-Forwarded-For from escaping the limit', async () => {
      const rules = { signup: { limit: 2, windowMs: 60_000 } };
      const signup = (url: string, anon: string, xff: string) =>
        fetch(`${url}/auth/v1/signup`, {
          method: 'POST',
          headers: { apikey: anon, 'content-type': 'application/json', 'x-forwarded-for': xff },
          body: JSON.stringify({ email: email('xff'), password: PASSWORD }),
        });
      // No proxy trusted: the header is ignored, the socket address counts.
      const direct = await start({ rateLimits: rules });
      const d = [];
      for (let i = 0; i < 3; i++)
        d.push((await signup(direct.url, direct.anon, `198.51.100.${i}`)).status);
      expect(d).toEqual([200, 200, 429]);
      // Behind a trusted proxy (this test is it, on loopback): the forged leftmost values change,
      // the address the proxy appended does not, so the limit holds.
      const proxied = await start({ rateLimits: rules, trustProxy: 'loopback' });
      const p = [];
      for (let i = 0; i < 3; i++)
        p.push((await signup(proxied.url, proxied.anon, `198.51.100.${i}, 203.0.113.7`)).status);
      expect(p).toEqual([200, 200, 429]);
      // A different real client behind the proxy has its own budget.
      expect((await signup(proxied.url, proxied.anon, '203.0.113.8')).status).toBe(200);
    });

    it('caps error reports per client and keeps 30 days or 10,000 rows', async () => {
      const srv = await start({ rateLimits: { errorReports: { limit: 3, windowMs: 60_000 } } });
      const post = (reports: unknown[]) =>
        fetch(`${srv.url}/api/errors`, {
          method: 'POST',
          headers: { authorization: `Bearer ${srv.anon}`, 'content-type': 'application/json' },
          body: JSON.stringify({ reports }),
        });
      expect((await post([{ message: 'one' }, { message: 'two' }])).status).toBe(202);
      const over = await post([{ message: 'three' }, { message: 'four' }]);
      expect(over.status).toBe(429);
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
      // retention: rows older than 30 days and beyond the newest 10,000 are pruned on insert
      await db.query(
        `insert into public.error_reports (report, received_at) values ('{"message":"ancient"}', now() - interval '31 days')`,
      );
      await db.query(
        `insert into public.error_reports (report, received_at) select jsonb_build_object('message', 'bulk'), now() - interval '1 day' from generate_series(1, $1)`,
        [ERROR_REPORT_RETENTION.rows],
      );
      const fresh = await start();
      const r = await fetch(`${fresh.url}/api/errors`, {
        method: 'POST',
        headers: { authorization: `Bearer ${fresh.anon}`, 'content-type': 'application/json' },
        body: JSON.stringify({ message: 'newest' }),
      });
      expect(r.status).toBe(202);
      const left = await db.query<{ n: number; ancient: number; newest: number }>(
        `select count(*)::int as n, count(*) filter (where report->>'message' = 'ancient')::int as ancient,
                count(*) filter (where report->>'message' = 'newest')::int as newest from public.error_reports`,
      );
      expect(left.rows[0]).toEqual({ n: ERROR_REPORT_RETENTION.rows, ancient: 0, newest: 1 });
    });

    it('refuses an email or password change without the current password or a nonce', async () => {
      const srv = await start();
      const a = await signUp(srv.url, srv.anon);
      const sb = client(srv.url, srv.anon);
      expect(
        (await sb.auth.setSession({ access_token: a.access, refresh_token: a.refresh })).error,
      ).toBeNull();
      const newEmail = email('new');
      const bare = await sb.auth.updateUser({ email: newEmail });
      expect(bare.error?.code).toBe('reauthentication_needed');
      expect(bare.error?.status).toBe(400);
      const wrong = await sb.auth.updateUser({
        email: newEmail,
        current_password: 'not my password',
      });
      expect(wrong.error?.code).toBe('current_password_mismatch');
      expect((await sb.auth.updateUser({ password: 'another fine secret' })).error?.code).toBe(
        'reauthentication_needed',
      );
      expect(
        (await sb.auth.updateUser({ password: 'another fine secret', nonce: '000000' })).error
          ?.code,
      ).toBe('reauthentication_not_valid');
      // metadata needs nothing
      expect((await sb.auth.updateUser({ data: { display_name: 'A' } })).error).toBeNull();

      // reauthenticate: a six-digit code by mail, good once
      expect((await sb.auth.reauthenticate()).error).toBeNull();
      const code = /(\d{6})/.exec((await srv.mail.latest(a.email, /code/)).text)![1]!;
      const changed = await sb.auth.updateUser({ password: 'another fine secret', nonce: code });
      expect(changed.error).toBeNull();
      expect(
        (await sb.auth.updateUser({ password: 'yet another secret', nonce: code })).error?.code,
      ).toBe('reauthentication_not_valid');

      // the email changes only when the link sent to the new address is opened, once
      const move = await sb.auth.updateUser({
        email: newEmail,
        current_password: 'another fine secret',
      });
      expect(move.error).toBeNull();
      expect(move.data.user?.email).toBe(a.email);
      const notice = await srv.mail.latest(a.email, /being changed/);
      expect(notice.text).toContain(newEmail);
      const still = await fetch(`${srv.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: srv.anon, 'content-type': 'application/json' },
        body: JSON.stringify({ email: newEmail, password: 'another fine secret' }),
      });
      expect(still.status).toBe(400);
      const link = (await srv.mail.latest(newEmail)).action;
      const used = await fetch(link, { redirect: 'manual' });
      expect(used.headers.get('location')).toMatch(/#access_token=.*type=email_change/);
      expect(
        (await sb.auth.signInWithPassword({ email: newEmail, password: 'another fine secret' }))
          .error,
      ).toBeNull();
      const again = await fetch(link, { redirect: 'manual' });
      expect(again.headers.get('location')).toContain('error_code=otp_expired');
    });

    it('ends access tokens at once on sign-out, password change and deletion', async () => {
      const srv = await start();
      const a = await signUp(srv.url, srv.anon);
      expect((await readSessions(srv.url, srv.anon, a.access)).status).toBe(200);
      const out = await fetch(`${srv.url}/auth/v1/logout?scope=global`, {
        method: 'POST',
        headers: { apikey: srv.anon, authorization: `Bearer ${a.access}` },
      });
      expect(out.status).toBe(204);
      const after = await readSessions(srv.url, srv.anon, a.access);
      expect(after.status).toBe(401);
      expect(await after.json()).toMatchObject({ code: 'PGRST301' });
      expect((await upsert(srv.url, srv.anon, a.access, [sessionRow()])).status).toBe(401);

      // a password change ends the user's other sessions, not the one that made it
      const sb = client(srv.url, srv.anon);
      const signIn = async () =>
        (await sb.auth.signInWithPassword({ email: a.email, password: PASSWORD })).data.session!
          .access_token;
      const phone = await signIn();
      const laptop = client(srv.url, srv.anon);
      const l = await laptop.auth.signInWithPassword({ email: a.email, password: PASSWORD });
      expect((await readSessions(srv.url, srv.anon, phone)).status).toBe(200);
      expect(
        (
          await laptop.auth.updateUser({
            password: 'a new long secret',
            current_password: PASSWORD,
          })
        ).error,
      ).toBeNull();
      expect((await readSessions(srv.url, srv.anon, phone)).status).toBe(401);
      expect((await readSessions(srv.url, srv.anon, l.data.session!.access_token)).status).toBe(
        200,
      );

      // deletion: the token goes with the account
      const del = await fetch(`${srv.url}/api/account`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${l.data.session!.access_token}` },
      });
      expect(del.status).toBe(204);
      expect((await readSessions(srv.url, srv.anon, l.data.session!.access_token)).status).toBe(
        401,
      );
    });

    it('resets a password by a mailed link that works once and expires', async () => {
      const srv = await start();
      const a = await signUp(srv.url, srv.anon);
      const sb = client(srv.url, srv.anon);
      const other = await sb.auth.signInWithPassword({ email: a.email, password: PASSWORD });
      // unknown addresses get the same answer and no mail
      expect((await sb.auth.resetPasswordForEmail(email('nobody'))).error).toBeNull();
      const req = await sb.auth.resetPasswordForEmail(a.email, {
        redirectTo: `${srv.url}/auth?mode=reset`,
      });
      expect(req.error).toBeNull();
      const mail = await srv.mail.latest(a.email, /Reset/);
      expect(mail.action).toMatch(/\/auth\/v1\/verify\?token=[\w-]+&type=recovery&redirect_to=/);
      const opened = await fetch(mail.action, { redirect: 'manual' });
      expect(opened.status).toBe(303);
      const location = new URL(opened.headers.get('location')!);
      expect(location.origin + location.pathname + location.search).toBe(
        `${srv.url}/auth?mode=reset`,
      );
      const fragment = new URLSearchParams(location.hash.slice(1));
      expect(fragment.get('type')).toBe('recovery');
      // the reset session may set a new password without the old one
      const reset = await fetch(`${srv.url}/auth/v1/user`, {
        method: 'PUT',
        headers: {
          apikey: srv.anon,
          authorization: `Bearer ${fragment.get('access_token')}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ password: 'my reset password' }),
      });
      expect(reset.status).toBe(200);
      expect(
        (await sb.auth.signInWithPassword({ email: a.email, password: PASSWORD })).error?.code,
      ).toBe('invalid_credentials');
      expect(
        (
          await client(srv.url, srv.anon).auth.signInWithPassword({
            email: a.email,
            password: 'my reset password',
          })
        ).error,
      ).toBeNull();
      // every other session ended
      expect((await readSessions(srv.url, srv.anon, other.data.session!.access_token)).status).toBe(
        401,
      );
      // used once
      const twice = await fetch(mail.action, { redirect: 'manual' });
      expect(new URL(twice.headers.get('location')!).hash).toContain('error_code=otp_expired');

      // verifyOtp with the link's token, as supabase-js sends it. The mail leaves after the
      // answer: wait for this one, not the used link above (that one would be otp_expired).
      const beforeOtp = srv.mail.mark();
      await sb.auth.resetPasswordForEmail(a.email);
      const token = new URL(
        (await srv.mail.latest(a.email, /Reset/, beforeOtp)).action,
      ).searchParams.get('token')!;
      const v = await client(srv.url, srv.anon).auth.verifyOtp({
        token_hash: token,
        type: 'recovery',
      });
      expect(v.error).toBeNull();
      expect(v.data.session?.access_token).toBeTruthy();
      const v2 = await client(srv.url, srv.anon).auth.verifyOtp({
        token_hash: token,
        type: 'recovery',
      });
      expect(v2.error?.code).toBe('otp_expired');

      // expiry
      const quick = await start({ otpExpirySeconds: 1 });
      await client(quick.url, quick.anon).auth.resetPasswordForEmail(a.email);
      const late = (await quick.mail.latest(a.email, /Reset/)).action;
      await new Promise((r) => setTimeout(r, 1300));
      const expired = await fetch(late, { redirect: 'manual' });
      expect(new URL(expired.headers.get('location')!).hash).toContain('error_code=otp_expired');
      // an open redirect is refused: the link goes to the site root instead (this request's
      // own mail: the one above also points at the site root)
      const beforeEvil = quick.mail.mark();
      await client(quick.url, quick.anon).auth.resetPasswordForEmail(a.email, {
        redirectTo: 'https://evil.example.test/',
      });
      const evil = (await quick.mail.latest(a.email, /Reset/, beforeEvil)).action;
      expect(new URL(evil).searchParams.get('redirect_to')).toBe(`${quick.url}/`);
    });

    it('asks for a confirmed address before the first sign-in when configured', async () => {
      const srv = await start({ confirmSignup: true });
      const sb = client(srv.url, srv.anon);
      const addr = email('confirm');
      const up = await sb.auth.signUp({
        email: addr,
        password: PASSWORD,
        options: { emailRedirectTo: `${srv.url}/` },
      });
      expect(up.error).toBeNull();
      expect(up.data.session).toBeNull();
      expect(up.data.user?.email).toBe(addr);
      expect(
        (await sb.auth.signInWithPassword({ email: addr, password: PASSWORD })).error?.code,
      ).toBe('email_not_confirmed');
      // signing up again does not tell that the address exists
      const dup = await sb.auth.signUp({ email: addr, password: PASSWORD });
      expect(dup.error).toBeNull();
      const link = (await srv.mail.latest(addr, /Confirm/)).action;
      const opened = await fetch(link, { redirect: 'manual' });
      expect(opened.headers.get('location')).toMatch(/#access_token=.*type=signup/);
      expect(
        (await sb.auth.signInWithPassword({ email: addr, password: PASSWORD })).error,
      ).toBeNull();
      const settings = (await (
        await fetch(`${srv.url}/auth/v1/settings`, { headers: { apikey: srv.anon } })
      ).json()) as { mailer_autoconfirm: boolean };
      expect(settings.mailer_autoconfirm).toBe(false);
    });

    it('refuses short and common passwords', async () => {
      const srv = await start();
      const sb = client(srv.url, srv.anon);
      const short = await sb.auth.signUp({ email: email('pw'), password: 'Ab3$xyz' });
      expect(short.error?.code).toBe('weak_password');
      expect(short.error?.message).toBe('Password should be at least 8 characters.');
      const common = await sb.auth.signUp({ email: email('pw'), password: 'Password1' });
      expect(common.error?.code).toBe('weak_password');
      expect((common.error as { reasons?: string[] }).reasons).toEqual(['pwned']);
      expect(
        (await sb.auth.signUp({ email: email('pw'), password: 'slow exhale 1234' })).error,
      ).toBeNull();
    });

    it('limits request bodies and rows', async () => {
      const srv = await start();
      const a = await signUp(srv.url, srv.anon);
      const many = Array.from({ length: 1001 }, () => sessionRow());
      expect((await upsert(srv.url, srv.anon, a.access, many)).status).toBe(413);
      const big = await fetch(`${srv.url}/api/anything`, {
        method: 'POST',
        headers: { authorization: `Bearer ${a.access}`, 'content-type': 'application/json' },
        body: JSON.stringify({ blob: 'x'.repeat(1024 * 1024 + 10) }),
      });
      expect(big.status).toBe(413);
    });

    it('sends a strict Content-Security-Policy with every HTML response', async () => {
      const srv = await start({ distDir: dist, connectSrc: ['https://rpc.example.test'] });
      for (const path of [
        '/',
        '/index.html',
        '/auth?mode=forgot',
        '/progress',
        '/session/classic',
      ]) {
        const r = await fetch(`${srv.url}${path}`, { headers: { accept: 'text/html' } });
        expect(r.status, path).toBe(200);
        expect(r.headers.get('content-type'), path).toMatch(/^text\/html/);
        const csp = r.headers.get('content-security-policy') ?? '';
        // Inline script: only the pre-paint script and the after-paint loader, by the hashes
        // of their exact text.
        expect(csp, path).toContain(
          `script-src 'self' 'wasm-unsafe-eval' 'sha256-${PRE_PAINT_HASH}' 'sha256-${LOADER_HASH}';`,
        );
        expect(csp, path).not.toMatch(/script-src[^;]*'unsafe-inline'/);
        expect(csp, path).toContain("frame-ancestors 'none'");
        expect(csp, path).toContain("worker-src 'self' blob:");
        expect(csp, path).toContain("connect-src 'self' https://rpc.example.test");
        expect(r.headers.get('x-content-type-options')).toBe('nosniff');
        expect(r.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
        expect(r.headers.get('strict-transport-security')).toBeNull();
      }
      // HSTS only over HTTPS: here as a trusted proxy says
      const proxied = await start({ distDir: dist, trustProxy: 'loopback' });
      const https = await fetch(`${proxied.url}/`, {
        headers: { accept: 'text/html', 'x-forwarded-proto': 'https' },
      });
      expect(https.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      const spoofed = await fetch(`${srv.url}/`, {
        headers: { accept: 'text/html', 'x-forwarded-proto': 'https' },
      });
      expect(spoofed.headers.get('strict-transport-security')).toBeNull();
    });

    more?.(() => ({ db }));
  });
}
