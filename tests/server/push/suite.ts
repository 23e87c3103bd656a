import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextOccurrence, type Reminder } from '../../../src/domain/reminders/schedule';
import type { Db } from '../../../server/db/types';
import { PushScheduler, reminderPayload } from '../../../server/push/scheduler';
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
import {
  FakePushService,
  browserKeys,
  checkVapid,
  decryptAes128gcm,
  type BrowserKeys,
} from './fakePushService';

/**
 * Web Push reminders end to end on the server (run on PGlite and on a PostgreSQL 15 server
 * by push-pglite.test.ts and push-postgres.test.ts): a member registers a device's
 * subscription through /api/push, the scheduler sends at the reminder's local time, and a
 * local push service written from the RFCs with node:crypto (fakePushService.ts; itself
 * checked against RFC 8291's Appendix A vector in push-pglite.test.ts) decrypts the payload
 * and verifies the VAPID JWT with the key /api/push/key publishes. A 410 deletes the
 * subscription; signing out removes the device's subscription; no one but the owner reads
 * or changes it. Does not prove: delivery through a real push service (FCM, Mozilla,
 * Apple) or that a browser shows the notification.
 */
export function pushSuite(kind: Backend) {
  describe(`push reminders on ${kind}`, () => {
    let db: Db;
    let dispose: () => Promise<void>;
    let srv: Running;
    const fake = new FakePushService();
    const vapid = makeVapidKeys();

    beforeAll(async () => {
      ({ db, dispose } = await openTestDb(kind));
      srv = await listen(db, {
        secrets: { ...(await testSecrets()), vapid },
        push: { allowLoopbackHttp: true, tickMs: 0 },
      });
      await fake.start();
    }, 120_000);
    afterAll(async () => {
      await fake.stop();
      await srv?.stop();
      await srv?.server.limits.close();
      await dispose?.();
    });

    async function member(tag: string) {
      const sb = client(srv.url, srv.secrets.anonKey);
      const { data, error } = await sb.auth.signUp({
        email: email(tag),
        password: 'correct horse 42',
      });
      expect(error).toBeNull();
      return { id: data.user!.id, token: data.session!.access_token };
    }

    async function call(token: string | null, method: string, path: string, body?: unknown) {
      const res = await fetch(`${srv.url}${path}`, {
        method,
        headers: {
          apikey: srv.secrets.anonKey,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return {
        status: res.status,
        body: (text ? JSON.parse(text) : {}) as Record<string, unknown>,
      };
    }

    const sub = (path: string, keys: BrowserKeys) => ({
      endpoint: `${fake.origin}${path}`,
      expirationTime: null,
      keys: { p256dh: keys.publicKey.toString('base64url'), auth: keys.auth.toString('base64url') },
    });
    const box: Reminder = {
      id: 'r1',
      days: [0, 1, 2, 3, 4, 5, 6],
      time: '07:30',
      patternId: 'box',
      patternName: 'Box Breathing',
    };

    it('publishes the VAPID public key; the rest needs a signed-in owner', async () => {
      const key = await call(null, 'GET', '/api/push/key');
      expect(key.status).toBe(200);
      expect(key.body.publicKey).toBe(vapid.publicKey);
      expect((await call(null, 'PUT', '/api/push/subscription', {})).status).toBe(401);
    });

    it('sends at the local time, encrypted per RFC 8291 with a valid VAPID JWT, then moves to the next day', async () => {
      const a = await member('push-a');
      const keys = browserKeys();
      const put = await call(a.token, 'PUT', '/api/push/subscription', {
        subscription: sub('/push/a', keys),
        timeZone: 'Europe/Paris',
        reminders: [box],
      });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      const due = Date.parse(put.body.nextAt as string);
      expect(due).toBe(nextOccurrence(box, 'Europe/Paris', Date.now()));
      expect(
        new Intl.DateTimeFormat('en-GB', {
          timeZone: 'Europe/Paris',
          hour: '2-digit',
          minute: '2-digit',
        }).format(due),
      ).toBe('07:30');

      const early = new PushScheduler({
        db,
        vapid,
        subject: 'mailto:ops@pneuma.test',
        allowLoopback: true,
        now: () => due - 1000,
      });
      expect(await early.tick()).toEqual([]);
      const onTime = new PushScheduler({
        db,
        vapid,
        subject: 'mailto:ops@pneuma.test',
        allowLoopback: true,
        now: () => due + 1000,
      });
      const sent = await onTime.tick();
      expect(sent).toEqual([{ endpoint: `${fake.origin}/push/a`, result: { kind: 'sent' } }]);

      const msg = fake.received.find((r) => r.path === '/push/a')!;
      expect(msg.headers['content-encoding']).toBe('aes128gcm');
      expect(Number(msg.headers.ttl)).toBeGreaterThan(0);
      const v = checkVapid(
        msg.headers.authorization,
        `${fake.origin}/push/a`,
        Math.floor(Date.now() / 1000),
      );
      expect(v.publicKey).toBe(vapid.publicKey);
      expect(v.claims.sub).toBe('mailto:ops@pneuma.test');
      const payload = JSON.parse(decryptAes128gcm(msg.body, keys).toString()) as Record<
        string,
        unknown
      >;
      expect(payload).toEqual(reminderPayload(box));
      expect(payload.url).toBe('/session/classic?pattern=box');

      const after = await call(
        a.token,
        'GET',
        `/api/push/subscription?endpoint=${encodeURIComponent(`${fake.origin}/push/a`)}`,
      );
      expect(Date.parse(after.body.nextAt as string)).toBe(
        nextOccurrence(box, 'Europe/Paris', due + 1000),
      );
      // A second pass at the same moment sends nothing more.
      expect(await onTime.tick()).toEqual([]);
    });

    it('a 410 from the push service deletes the subscription', async () => {
      const a = await member('push-gone');
      fake.answer('/push/gone', 410);
      const put = await call(a.token, 'PUT', '/api/push/subscription', {
        subscription: sub('/push/gone', browserKeys()),
        timeZone: 'America/New_York',
        reminders: [box],
      });
      const due = Date.parse(put.body.nextAt as string);
      const res = await new PushScheduler({
        db,
        vapid,
        subject: 'mailto:ops@pneuma.test',
        allowLoopback: true,
        now: () => due,
      }).tick();
      expect(res.find((r) => r.endpoint.endsWith('/push/gone'))?.result).toEqual({
        kind: 'gone',
        status: 410,
      });
      expect(
        (
          await db.query('select 1 from pneuma_private.push_subscriptions where endpoint = $1', [
            `${fake.origin}/push/gone`,
          ])
        ).rows,
      ).toHaveLength(0);
    });

    it('owner-only: another member can neither read, take over nor delete a device', async () => {
      const a = await member('push-owner');
      const b = await member('push-other');
      const s = sub('/push/owned', browserKeys());
      await call(a.token, 'PUT', '/api/push/subscription', {
        subscription: s,
        timeZone: 'UTC',
        reminders: [box],
      });
      const q = `/api/push/subscription?endpoint=${encodeURIComponent(s.endpoint)}`;
      expect((await call(b.token, 'GET', q)).status).toBe(404);
      expect(
        (
          await call(b.token, 'PUT', '/api/push/subscription', {
            subscription: s,
            timeZone: 'UTC',
            reminders: [],
          })
        ).status,
      ).toBe(409);
      expect(
        (await call(b.token, 'DELETE', '/api/push/subscription', { endpoint: s.endpoint })).status,
      ).toBe(204);
      expect((await call(a.token, 'GET', q)).body.reminders).toEqual([box]);
      expect(
        (await call(a.token, 'DELETE', '/api/push/subscription', { endpoint: s.endpoint })).status,
      ).toBe(204);
      expect((await call(a.token, 'GET', q)).status).toBe(404);
    });

    it('signing out removes the device subscription made in that sign-in', async () => {
      const a = await member('push-signout');
      const s = sub('/push/signout', browserKeys());
      await call(a.token, 'PUT', '/api/push/subscription', {
        subscription: s,
        timeZone: 'UTC',
        reminders: [box],
      });
      expect(
        (
          await db.query('select 1 from pneuma_private.push_subscriptions where endpoint = $1', [
            s.endpoint,
          ])
        ).rows,
      ).toHaveLength(1);
      expect((await call(a.token, 'POST', '/auth/v1/logout')).status).toBe(204);
      expect(
        (
          await db.query('select 1 from pneuma_private.push_subscriptions where endpoint = $1', [
            s.endpoint,
          ])
        ).rows,
      ).toHaveLength(0);
    });

    it('refuses bad subscriptions and reminders with the field and the rule', async () => {
      const a = await member('push-bad');
      const keys = browserKeys();
      const bad = async (body: unknown) =>
        (await call(a.token, 'PUT', '/api/push/subscription', body)).body;
      expect(
        await bad({
          subscription: { ...sub('/x', keys), endpoint: 'http://10.0.0.1/push' },
          timeZone: 'UTC',
          reminders: [],
        }),
      ).toMatchObject({
        field: 'subscription.endpoint',
      });
      expect(
        await bad({ subscription: sub('/x', keys), timeZone: 'Mars/Olympus', reminders: [] }),
      ).toMatchObject({ field: 'timeZone' });
      expect(
        await bad({
          subscription: sub('/x', keys),
          timeZone: 'UTC',
          reminders: [{ ...box, days: [] }],
        }),
      ).toMatchObject({ field: 'reminders.0.days' });
      expect(
        (
          await bad({
            subscription: sub('/x', keys),
            timeZone: 'UTC',
            reminders: [{ ...box, time: '25:00' }],
          })
        ).message,
      ).toMatch(/HH:MM/);
    });
  });
}
