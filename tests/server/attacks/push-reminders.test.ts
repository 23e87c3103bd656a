/**
 * Attacks on push reminders (issue #42, items 3 and 4), replayed on PGlite and on a
 * PostgreSQL 15 server with the real /api/push routes over HTTP and the real scheduler
 * sending to local push endpoints (tests/server/push/fakePushService.ts, which decrypts and
 * checks what arrives, and a listener that accepts connections and never answers).
 *
 * What it attacks:
 * - item 3: a p256dh that passes the old schema but web-push cannot encrypt to (80 × 'A', a
 *   65-byte value off the curve) and an auth secret shorter than 16 bytes: refused at
 *   subscribe time; one such key already stored (as before this fix) plus push endpoints
 *   that never answer must not hold up other accounts: with a fake clock (the real clock
 *   shifted so the reminders fall due 2 s into the test) every other account's reminder
 *   reaches the push service within 5 s of its due time; one account keeps at most 5 devices;
 * - item 4: an endpoint whose name resolves to a loopback or private address (`localhost.`
 *   through the system resolver; names a test resolver maps to 127.0.0.1, 10/8, fd00::/8, an
 *   IPv4-mapped loopback, or a public and a loopback address at once): nothing connects to
 *   it; and the connection goes to the address that was checked, not to a second lookup.
 *
 * What it does NOT prove: delivery through a real push service (FCM, Mozilla, Apple) over
 * TLS; real Internet DNS (nip.io-style names are answered by the test's resolver, only
 * `localhost.` goes through the system's); IPv6 connectivity; fairness under thousands of
 * hanging endpoints (the bound is PUSH_CONCURRENCY sends at once, each SEND_TIMEOUT_MS at
 * most: enough hanging endpoints due in the same minute can still delay others by
 * rows / PUSH_CONCURRENCY × SEND_TIMEOUT_MS); several server instances sharing the rows.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextOccurrence, type Reminder } from '../../../src/domain/reminders/schedule';
import type { Db } from '../../../server/db/types';
import { pushEndpointProblem } from '../../../server/push/endpoint';
import { PushScheduler } from '../../../server/push/scheduler';
import { makeVapidKeys } from '../../../server/secrets';
import {
  client,
  email,
  listen,
  openTestDb,
  testSecrets,
  type Backend,
  type Running,
} from '../helpers';
import { onPostgres } from '../onPostgres';
import {
  FakePushService,
  browserKeys,
  decryptAes128gcm,
  type BrowserKeys,
} from '../push/fakePushService';

const SUBJECT = 'mailto:ops@pneuma.test';
const box: Reminder = {
  id: 'r1',
  days: [0, 1, 2, 3, 4, 5, 6],
  time: '07:30',
  patternId: 'box',
  patternName: 'Box Breathing',
};

/** A TCP listener that accepts and never answers; counts connections. */
class SilentListener {
  connections = 0;
  private readonly sockets = new Set<Socket>();
  private server: Server | null = null;
  port = 0;
  async start(): Promise<void> {
    this.server = createServer((s) => {
      this.connections++;
      this.sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => this.sockets.delete(s));
    });
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', r));
    this.port = (this.server.address() as AddressInfo).port;
  }
  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((r) => (this.server ? this.server.close(() => r()) : r()));
  }
}

function pushAttackSuite(kind: Backend) {
  describe(`push reminders under attack on ${kind}`, () => {
    let db: Db;
    let dispose: () => Promise<void>;
    let srv: Running;
    const fake = new FakePushService();
    const silent = new SilentListener();
    const vapid = makeVapidKeys();

    beforeAll(async () => {
      ({ db, dispose } = await openTestDb(kind));
      srv = await listen(db, {
        secrets: { ...(await testSecrets()), vapid },
        push: { allowLoopbackHttp: true, tickMs: 0 },
      });
      await fake.start();
      await silent.start();
    }, 120_000);
    afterAll(async () => {
      await silent.stop();
      await fake.stop();
      await srv?.server.push?.stop();
      await srv?.stop();
      await srv?.server.limits.close();
      await dispose?.();
    });

    async function member(tag: string) {
      const { data, error } = await client(srv.url, srv.secrets.anonKey).auth.signUp({
        email: email(tag),
        password: 'correct horse 42',
      });
      expect(error).toBeNull();
      return { id: data.user!.id, token: data.session!.access_token };
    }
    async function put(
      token: string,
      endpoint: string,
      keys: { p256dh: string; auth: string },
      reminders = [box],
      timeZone = 'UTC',
    ) {
      const res = await fetch(`${srv.url}/api/push/subscription`, {
        method: 'PUT',
        headers: {
          apikey: srv.secrets.anonKey,
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          subscription: { endpoint, expirationTime: null, keys },
          timeZone,
          reminders,
        }),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    }
    const wire = (k: BrowserKeys) => ({
      p256dh: k.publicKey.toString('base64url'),
      auth: k.auth.toString('base64url'),
    });
    /** A row as a subscription saved before these checks would be, due at `at`. */
    async function storedRow(
      userId: string,
      endpoint: string,
      keys: { p256dh: string; auth: string },
      at: number,
    ) {
      await db.query(
        `insert into pneuma_private.push_subscriptions (endpoint, user_id, p256dh, auth, time_zone, reminders, next_at)
         values ($1, $2, $3, $4, 'UTC', $5::jsonb, $6)`,
        [endpoint, userId, keys.p256dh, keys.auth, JSON.stringify([box]), new Date(at)],
      );
    }
    const nextAtOf = async (endpoint: string) =>
      (
        await db.query<{ next_at: Date | null }>(
          'select next_at from pneuma_private.push_subscriptions where endpoint = $1',
          [endpoint],
        )
      ).rows[0]?.next_at;

    it('refuses keys web-push cannot encrypt to at subscribe time (item 3)', async () => {
      const a = await member('push-keys');
      const good = wire(browserKeys());
      const offCurve = Buffer.alloc(65);
      offCurve[0] = 4;
      offCurve[64] = 1;
      const cases = [
        { keys: { ...good, p256dh: 'A'.repeat(80) }, field: 'subscription.keys.p256dh' },
        {
          keys: { ...good, p256dh: offCurve.toString('base64url') },
          field: 'subscription.keys.p256dh',
        },
        {
          keys: { ...good, auth: randomBytes(12).toString('base64url') },
          field: 'subscription.keys.auth',
        },
      ];
      for (const [i, c] of cases.entries()) {
        const r = await put(a.token, `${fake.origin}/keys/${i}`, c.keys);
        expect(r.status, JSON.stringify(r.body)).toBe(400);
        expect(r.body.field).toBe(c.field);
      }
      expect((await put(a.token, `${fake.origin}/keys/ok`, good)).status).toBe(200);
    });

    it('keeps at most 5 devices per account: a new one replaces the least recently saved (item 3)', async () => {
      const a = await member('push-quota');
      for (let i = 0; i < 7; i++)
        expect((await put(a.token, `${fake.origin}/quota/${i}`, wire(browserKeys()))).status).toBe(
          200,
        );
      const rows = await db.query<{ endpoint: string }>(
        'select endpoint from pneuma_private.push_subscriptions where user_id = $1 order by endpoint',
        [a.id],
      );
      expect(rows.rows.map((r) => r.endpoint.slice(fake.origin.length))).toEqual([
        '/quota/2',
        '/quota/3',
        '/quota/4',
        '/quota/5',
        '/quota/6',
      ]);
    });

    it("sends other accounts' reminders within 5 s of due despite a bad key and endpoints that never answer (item 3)", async () => {
      const due = nextOccurrence(box, 'UTC', Date.now() + 60_000);
      const good: { path: string; keys: BrowserKeys }[] = [];
      for (let i = 0; i < 6; i++) {
        const m = await member(`push-good-${i}`);
        const keys = browserKeys();
        const path = `/good/${randomUUID()}`;
        const r = await put(m.token, `${fake.origin}${path}`, wire(keys));
        expect(Date.parse(r.body.nextAt as string)).toBe(due);
        good.push({ path, keys });
      }
      const attacker = await member('push-staller');
      // Stored before subscribe-time checks existed: web-push throws on this key.
      await storedRow(
        attacker.id,
        `${fake.origin}/bad-key`,
        { p256dh: 'A'.repeat(80), auth: randomBytes(16).toString('base64url') },
        due,
      );
      const hanging = [0, 1, 2].map((i) => `http://127.0.0.1:${silent.port}/hang/${i}`);
      for (const h of hanging)
        expect((await put(attacker.token, h, wire(browserKeys()))).status).toBe(200);

      // The fake clock: real time shifted so the reminders fall due 2 s from now.
      const offset = due - 2000 - Date.now();
      const now = () => Date.now() + offset;
      const logs: string[] = [];
      const scheduler = new PushScheduler({
        db,
        vapid,
        subject: SUBJECT,
        now,
        allowLoopback: true,
        log: (m) => logs.push(m),
      });
      scheduler.start();
      try {
        const arrived = () =>
          good.filter((g) => fake.received.some((r) => r.path === g.path)).length;
        for (let i = 0; i < 150 && arrived() < good.length; i++)
          await new Promise((r) => setTimeout(r, 100));
        for (const g of good) {
          const msg = fake.received.find((r) => r.path === g.path);
          expect(msg, `${g.path} reached the push service`).toBeDefined();
          const late = msg!.at + offset - due;
          expect(late).toBeGreaterThanOrEqual(0);
          expect(late, 'ms after its due time').toBeLessThanOrEqual(5000);
          expect(JSON.parse(decryptAes128gcm(msg!.body, g.keys).toString())).toMatchObject({
            tag: 'pneuma-reminder-r1',
          });
        }
      } finally {
        await scheduler.stop();
      }
      // The attacker's rows failed alone, and moved on to their next reminder like every other.
      expect(silent.connections).toBeGreaterThanOrEqual(hanging.length);
      expect(logs.some((l) => /cannot encrypt/.test(l))).toBe(true);
      expect(logs.some((l) => /no answer within/.test(l))).toBe(true);
      for (const e of [`${fake.origin}/bad-key`, ...hanging])
        expect(new Date((await nextAtOf(e))!).getTime()).toBeGreaterThan(due);
    }, 60_000);

    it('never connects to a name that resolves to a loopback or private address, and connects to the address it checked (item 4)', async () => {
      const a = await member('push-steer');
      const keys = wire(browserKeys());
      const internal = new SilentListener();
      await internal.start();
      try {
        const due = nextOccurrence(box, 'UTC', Date.now() + 60_000);
        const resolved: Record<string, string[]> = {
          'loop.attacker.test': ['127.0.0.1'],
          'ten.attacker.test': ['10.0.0.5'],
          'ula.attacker.test': ['fd00::5'],
          'mapped.attacker.test': ['::ffff:127.0.0.1'],
          'mixed.attacker.test': ['93.184.216.34', '127.0.0.1'],
        };
        const steered = [
          `https://localhost.:${internal.port}/admin/reset`,
          ...Object.keys(resolved).map((h) => `https://${h}:${internal.port}/admin/reset`),
        ];
        for (const e of steered) await storedRow(a.id, e, keys, due);
        // The test's names from the table, any other (localhost) from the system resolver.
        const resolve = async (host: string) =>
          resolved[host]
            ? resolved[host].map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
            : lookup(host, { all: true });
        // Production settings: no loopback allowance; the system resolver for localhost.
        const at = () => due + 500;
        const results = await new PushScheduler({
          db,
          vapid,
          subject: SUBJECT,
          now: at,
          resolve,
          log: () => undefined,
        }).tick();
        expect(internal.connections).toBe(0);
        for (const e of steered) {
          const r = results.find((x) => x.endpoint === e)?.result;
          expect(r, e).toMatchObject({ kind: 'failed', status: null });
          expect((r as { message: string }).message).toMatch(/not a public address/);
        }
        // The subscribe-time spelling check (production settings) now reads `localhost.` as localhost.
        expect(pushEndpointProblem(`https://localhost.:${internal.port}/admin/reset`)).toMatch(
          /public push service host/,
        );

        // DNS rebinding: the name answers the checked address once, then an internal one. With
        // the test-only loopback allowance the send goes to the first answer's address: one
        // lookup, no second one by the connection (the system resolver knows no such name).
        let lookups = 0;
        const rebinding = async () => [
          { address: lookups++ === 0 ? '127.0.0.1' : '10.0.0.9', family: 4 },
        ];
        const pinnedKeys = browserKeys();
        const endpoint = `http://rebind.attacker.test:${new URL(fake.origin).port}/pinned`;
        await storedRow(a.id, endpoint, wire(pinnedKeys), due);
        const sent = await new PushScheduler({
          db,
          vapid,
          subject: SUBJECT,
          now: at,
          resolve: rebinding,
          allowLoopback: true,
        }).tick();
        expect(sent.find((x) => x.endpoint === endpoint)?.result).toEqual({ kind: 'sent' });
        expect(lookups).toBe(1);
        const msg = fake.received.find((r) => r.path === '/pinned')!;
        expect(msg.headers.host).toBe(`rebind.attacker.test:${new URL(fake.origin).port}`);
        expect(JSON.parse(decryptAes128gcm(msg.body, pinnedKeys).toString())).toMatchObject({
          tag: 'pneuma-reminder-r1',
        });
      } finally {
        await internal.stop();
      }
    });
  });
}

pushAttackSuite('pglite');
onPostgres('push reminders under attack', () => pushAttackSuite('postgres'));
