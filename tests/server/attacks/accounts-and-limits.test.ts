/**
 * Attacks on accounts and the abuse limits (issue #42, the auth parts of item 7 and the
 * accounts, sign-in and Breathe together parts of item 6), replayed over real HTTP against
 * the app on 127.0.0.1, on PGlite and on a PostgreSQL 15 server. The test plays a trusted
 * proxy on loopback (X-Forwarded-For) to speak from many client addresses.
 *
 * What it attacks:
 * - deleting account aN@rt.co resets the sign-in limit counters of xaN@rt.co (a suffix match);
 * - POST /auth/v1/recover answering later for a registered address than an unknown one;
 * - one client address guessing passwords at many accounts (300 per 5 minutes before);
 * - IPv6 clients counted address by address instead of by their /64;
 * - a stranger's later sign-up winning a not-yet-confirmed account (confirmation race);
 * - 21 neighbouring addresses × 50 guest joins filling a shared session to 1,000, and a /64
 *   of IPv6 addresses doing the same, so a real guest is not counted.
 *
 * What it does NOT prove: a real reverse proxy; a botnet of addresses in many networks (each
 * address and network is bounded, the sum of many is not); constant time to the microsecond
 * (the recover test compares medians of interleaved requests on a shared machine: "no
 * database writes before the answer", not a timing proof; the background work can still slow
 * the next request on PGlite's single connection); the app's set-a-new-password screen after
 * a contested confirmation (the fragment says type=recovery, as a reset link's does, which
 * src/features/auth/recoveryLink.ts reads).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PneumaServerOptions } from '../../../server/app';
import type { Db } from '../../../server/db/types';
import { TOGETHER_LIMITS } from '../../../src/contracts/togetherSchemas';
import { email, listen, openTestDb, type Backend, type Running } from '../helpers';
import { Mailbox } from '../mailbox';
import { onPostgres } from '../onPostgres';

const PASSWORD = 'correct horse 42';
const OFF = { limit: 0, windowMs: 1000 };
const BOX = { name: 'Box Breathing', inhale: 4, hold: 4, exhale: 4, hold_after_exhale: 4 };

function accountsSuite(kind: Backend) {
  describe(`accounts and limits attacks on ${kind}`, () => {
    let db: Db;
    let dispose: () => Promise<void>;
    const servers: Running[] = [];

    beforeAll(async () => {
      ({ db, dispose } = await openTestDb(kind));
    }, 120_000);
    afterAll(async () => {
      for (const s of servers) {
        await s.stop();
        await s.server.limits.close();
      }
      await dispose?.();
    });

    async function start(extra: Partial<PneumaServerOptions> = {}) {
      await db.query('delete from pneuma_private.rate_limits');
      const mail = new Mailbox();
      const srv = await listen(db, {
        mailer: mail,
        trustProxy: 'loopback',
        ...extra,
        rateLimits: { signup: OFF, ...extra.rateLimits },
      });
      servers.push(srv);
      return Object.assign(srv, { mail, anon: srv.secrets.anonKey });
    }
    type Srv = Awaited<ReturnType<typeof start>>;

    const post = (srv: Srv, path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${srv.url}${path}`, {
        method: 'POST',
        headers: { apikey: srv.anon, 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    async function signUp(srv: Srv, addr: string) {
      const r = await post(srv, '/auth/v1/signup', { email: addr, password: PASSWORD });
      expect(r.status).toBe(200);
      const s = (await r.json()) as { access_token: string; user: { id: string } };
      return { email: addr, access: s.access_token, id: s.user.id };
    }
    const signIn = (
      srv: Srv,
      addr: string,
      password: string,
      headers: Record<string, string> = {},
    ) => post(srv, '/auth/v1/token?grant_type=password', { email: addr, password }, headers);
    const from = (ip: string) => ({ 'x-forwarded-for': ip });

    it('deleting aN@rt.co leaves the sign-in limit counters of xaN@rt.co alone (item 6)', async () => {
      const srv = await start({ rateLimits: { signinEmail: { limit: 3, windowMs: 300_000 } } });
      const n = randomUUID().slice(0, 8);
      const victim = await signUp(srv, `xa${n}@rt.co`);
      const own = await signUp(srv, `a${n}@rt.co`);
      // The attacker's own account has a counter of its own too, which its deletion takes.
      expect((await signIn(srv, own.email, 'mistyped once', from('203.0.113.31'))).status).toBe(
        400,
      );
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push(
          (await signIn(srv, victim.email, `wrong guess ${i}`, from('203.0.113.31'))).status,
        );
      expect(statuses.at(-1)).toBe(429);
      const del = await fetch(`${srv.url}/api/account`, {
        method: 'DELETE',
        headers: { apikey: srv.anon, authorization: `Bearer ${own.access}` },
      });
      expect(del.status).toBe(204);
      // Past the limiter's in-memory view (100 ms): the database's counters decide again.
      await new Promise((r) => setTimeout(r, 300));
      expect((await signIn(srv, victim.email, 'wrong guess 5', from('203.0.113.31'))).status).toBe(
        429,
      );
      // The deleted account's own counter went (nothing of it is kept); the victim's stayed.
      const keys = (
        await db.query<{ key: string }>('select key from pneuma_private.rate_limits')
      ).rows.map((r) => r.key);
      expect(keys.filter((k) => k.startsWith(`signinEmail:email:a${n}@rt.co|`))).toEqual([]);
      expect(keys.filter((k) => k.startsWith(`signinEmail:email:xa${n}@rt.co|`))).toHaveLength(1);
    });

    it('answers /recover as soon for a registered address as for an unknown one (item 6)', async () => {
      // The red team measured 14.4 ms against 9.9 ms: the registered address's link was written
      // (two statements) before the answer. On this shared machine a few ms drown in noise, so
      // the link's statements are made 150 ms slower here: written before the answer, they
      // would show as 300 ms; written after it, not at all.
      const slowLinks = new Proxy(db, {
        get(target, prop, receiver) {
          if (prop !== 'query') return Reflect.get(target, prop, receiver) as unknown;
          return async (sql: string, params?: unknown[]) => {
            if (/one_time_tokens/.test(sql)) await new Promise((r) => setTimeout(r, 150));
            return target.query(sql, params);
          };
        },
      });
      const srv = await start({
        db: slowLinks,
        confirmSignup: true,
        rateLimits: { emailIp: OFF, emailAddress: OFF },
      });
      const known = email('recover-known');
      await db.query(
        `insert into auth.users (id, email, encrypted_password, email_confirmed_at) values ($1, $2, 'x', now())`,
        [randomUUID(), known],
      );
      const time = async (addr: string) => {
        const t0 = performance.now();
        const r = await post(srv, '/auth/v1/recover', { email: addr });
        expect(r.status).toBe(200);
        return performance.now() - t0;
      };
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      await time(email('warm'));
      const k: number[] = [];
      const u: number[] = [];
      for (let i = 0; i < 9; i++) {
        k.push(await time(known));
        u.push(await time(email('nobody')));
      }
      expect(median(k) - median(u)).toBeLessThan(100);
      // The reset mail still leaves.
      expect((await srv.mail.latest(known, /Reset/)).action).toContain('/auth/v1/verify?');
    });

    it('bounds password guesses from one address across accounts far below 300 per 5 minutes, but not the owner on their device (item 7)', async () => {
      const srv = await start();
      const owner = await signUp(srv, email('owner-ip'));
      const first = await signIn(srv, owner.email, PASSWORD, from('203.0.113.40'));
      expect(first.status).toBe(200);
      const cookie = first.headers.get('set-cookie')!.split(';')[0]!;
      const statuses: number[] = [];
      for (let i = 0; i < 60 && statuses.at(-1) !== 429; i++)
        statuses.push(
          (await signIn(srv, email(`guess-${i}`), 'wrong guess 1', from('203.0.113.41'))).status,
        );
      expect(statuses.at(-1)).toBe(429);
      expect(statuses.length).toBeLessThanOrEqual(51);
      // The owner's device is counted on its own even from the attacker's address.
      expect(
        (await signIn(srv, owner.email, PASSWORD, { ...from('203.0.113.41'), cookie })).status,
      ).toBe(200);
      // Another address is not blocked.
      expect((await signIn(srv, owner.email, PASSWORD, from('198.51.100.41'))).status).toBe(200);
    });

    it('counts IPv6 clients by their /64 (item 7)', async () => {
      const srv = await start({ rateLimits: { signinEmail: { limit: 3, windowMs: 300_000 } } });
      const owner = await signUp(srv, email('owner-v6'));
      const statuses: number[] = [];
      for (let i = 1; i <= 5; i++)
        statuses.push(
          (
            await signIn(
              srv,
              owner.email,
              `wrong guess ${i}`,
              from(`2001:db8:42:7::${i.toString(16)}`),
            )
          ).status,
        );
      expect(statuses.slice(0, 3)).toEqual([400, 400, 400]);
      expect(statuses.slice(3)).toEqual([429, 429]);
      // The same /64 written out in full.
      expect(
        (await signIn(srv, owner.email, 'wrong guess 6', from('2001:0db8:0042:0007:ffff:1:2:3')))
          .status,
      ).toBe(429);
      // Another /64 is another client.
      expect((await signIn(srv, owner.email, PASSWORD, from('2001:db8:42:8::1'))).status).toBe(200);
    });

    it("a stranger's later sign-up cannot win a not-yet-confirmed account (item 7)", async () => {
      const srv = await start({ confirmSignup: true });
      const victim = email('race');
      expect(
        (await post(srv, '/auth/v1/signup', { email: victim, password: PASSWORD })).status,
      ).toBe(200);
      const ownerLink = (await srv.mail.latest(victim, /Confirm/)).action;
      // The stranger signs the same address up again before the owner opened the mail.
      expect(
        (await post(srv, '/auth/v1/signup', { email: victim, password: 'attacker chose this 9' }))
          .status,
      ).toBe(200);
      await new Promise((r) => setTimeout(r, 100));
      const latest = (await srv.mail.latest(victim, /Confirm/)).action;
      // The owner opens the mails: whichever link works confirms the address without anyone's
      // sign-up password and lands in the set-a-new-password step.
      const opened = [];
      for (const link of new Set([ownerLink, latest]))
        opened.push(await fetch(link, { redirect: 'manual' }));
      const good = opened
        .map((r) => new URL(r.headers.get('location')!))
        .find((u) => u.hash.includes('access_token='));
      expect(good).toBeDefined();
      const fragment = new URLSearchParams(good!.hash.slice(1));
      expect(fragment.get('type')).toBe('recovery');
      expect((await signIn(srv, victim, 'attacker chose this 9')).status).toBe(400);
      const set = await fetch(`${srv.url}/auth/v1/user`, {
        method: 'PUT',
        headers: {
          apikey: srv.anon,
          authorization: `Bearer ${fragment.get('access_token')}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ password: 'owner chose this 7' }),
      });
      expect(set.status).toBe(200);
      expect((await signIn(srv, victim, 'owner chose this 7')).status).toBe(200);
      expect((await signIn(srv, victim, 'attacker chose this 9')).status).toBe(400);
    });

    it('neighbouring addresses of one person cannot fill a shared session: a real guest is still counted (item 6)', async () => {
      const srv = await start({ rateLimits: { togetherJoin: OFF, apiWrite: OFF } });
      const host = await signUp(srv, email('together-host'));
      const made = await fetch(`${srv.url}/api/together`, {
        method: 'POST',
        headers: {
          apikey: srv.anon,
          authorization: `Bearer ${host.access}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ pattern: BOX, cycles: 10, startsInSeconds: 600 }),
      });
      expect(made.status).toBe(201);
      const id = ((await made.json()) as { session: { id: string } }).session.id;
      const join = (ip: string) =>
        post(srv, `/api/together/${id}/join`, { device: randomUUID() }, from(ip));
      let counted = 0;
      // 21 addresses of one /24 × 50 joins, and 8 addresses of one IPv6 /64 × 50.
      const addresses = [
        ...Array.from({ length: 21 }, (_, i) => `203.0.113.${i + 100}`),
        ...Array.from({ length: 8 }, (_, i) => `2001:db8:77:1::${i + 1}`),
      ];
      for (const ip of addresses) {
        for (let j = 0; j < TOGETHER_LIMITS.joinsPerAddress; j++) {
          const r = await join(ip);
          if (r.status === 201) counted++;
          else {
            expect(r.status).toBe(429);
            break;
          }
        }
      }
      expect(counted).toBe(TOGETHER_LIMITS.joinsPerNetwork + TOGETHER_LIMITS.joinsPerAddress);
      const guest = await join('198.51.100.77');
      expect(guest.status).toBe(201);
      expect(await guest.json()).toMatchObject({ counted: true });
    }, 120_000);
  });
}

accountsSuite('pglite');
onPostgres('accounts and limits attacks', () => accountsSuite('postgres'));
