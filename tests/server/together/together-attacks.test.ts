/**
 * Attacks on Breathe together's endpoints (server/together), replayed on PGlite and on a
 * PostgreSQL 15 server with the real /rest/v1 and /api routes in-process:
 *
 * - starting a session without an account (no key, the anon key) is refused; a pattern with
 *   markup, absurd cycles, a session over two hours, a start days away, unknown fields: 400;
 *   a host past five open sessions: 409; the creation limit per member: 429;
 * - forged join counts: one device joining again and again counts once, a member counts once
 *   whatever device ids they send, the host is never counted, a flood of invented device ids
 *   from one address stops at the per-address cap (429) whatever X-Forwarded-For says, and
 *   the join limit per address answers 429 with Retry-After;
 * - the count and the session are the host's: another member reading it gets 404, and
 *   /rest/v1 can neither write the two tables nor read another host's rows;
 * - joining an ended session (410), an unknown one or a malformed id (404);
 * - the time endpoint answers without a key, uncached, with the server's clock.
 *
 * What it does not prove: joins from many real addresses behind a trusted proxy (the
 * address rule is the limiter's, tested in tests/server/hardening-*.test.ts), two server
 * instances with different clocks (the README asks for NTP on each host), or the browser
 * side (e2e/together.spec.ts).
 */
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db/types';
import { Limits } from '../../../server/limits/limiter';
import { RATE_RULES } from '../../../server/limits/rules';
import { togetherRoutes } from '../../../server/together/routes';
import { TOGETHER_LIMITS } from '../../../server/together/schemas';
import { decodeLink } from '../../../src/domain/links/patternLink';
import { testSecrets, useTestDb, type Backend } from '../helpers';
import { onPostgres } from '../onPostgres';
import { communityHarness, type Member } from '../community/harness';

const BOX = { name: 'Box Breathing', inhale: 4, hold: 4, exhale: 4, hold_after_exhale: 4 };

interface SessionJson {
  id: string;
  startsAt: number;
  endsAt: number;
  cycles: number;
  joins: number;
  link: string;
}

function togetherSuite(kind: Backend): void {
  describe(`breathe together on ${kind}`, () => {
    let db: Db;
    let h: Awaited<ReturnType<typeof communityHarness>>;
    let host: Member;
    let other: Member;
    let limits: Limits;
    let strict: Limits;
    let past: Hono;
    let tight: Hono;

    useTestDb(kind, async (opened) => {
      db = opened;
      h = await communityHarness(db);
      const secrets = await testSecrets();
      limits = new Limits(db, {
        ...RATE_RULES,
        togetherJoin: { limit: 100_000, windowMs: 60_000 },
      });
      h.app.route('/api', togetherRoutes({ db, secrets, limits, trust: null }));
      // The same routes with a clock an hour behind (sessions that have already ended) and
      // with the default limits and a small join limit.
      past = new Hono().route(
        '/api',
        togetherRoutes({ db, secrets, limits, trust: null, now: () => Date.now() - 3_600_000 }),
      );
      strict = new Limits(db, {
        ...RATE_RULES,
        togetherJoin: { limit: 5, windowMs: 60_000 },
        togetherCreate: { limit: 3, windowMs: 3_600_000 },
      });
      tight = new Hono().route(
        '/api',
        togetherRoutes({ db, secrets, limits: strict, trust: null }),
      );
      host = await h.member('together-host', 'Hana');
      other = await h.member('together-other', 'Otto');
      return async () => {
        await limits.close();
        await strict.close();
      };
    });

    const create = (who: Member | null, body: unknown) =>
      h.call<{ session: SessionJson; error?: string; message?: string }>('POST', '/api/together', {
        token: who?.token,
        body,
      });
    const join = (
      id: string,
      device: string,
      who?: Member | null,
      headers?: Record<string, string>,
    ) =>
      h.call<{ counted?: boolean; reason?: string; error?: string }>(
        'POST',
        `/api/together/${id}/join`,
        {
          token: who?.token,
          body: { device },
          headers,
        },
      );
    const read = (id: string, who: Member) =>
      h.call<{ session: SessionJson }>('GET', `/api/together/${id}`, { token: who.token });
    const call = async (
      app: Hono,
      method: string,
      path: string,
      token: string | null,
      body?: unknown,
    ) => {
      const headers: Record<string, string> = {
        apikey: h.anon,
        'content-type': 'application/json',
      };
      if (token) headers.authorization = `Bearer ${token}`;
      const res = await app.request(path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return {
        status: res.status,
        body: (await res.json()) as Record<string, unknown>,
        retryAfter: res.headers.get('retry-after'),
      };
    };

    it('GET /api/time needs no key, is never cached, and gives the server clock bracketing the request', async () => {
      const before = Date.now();
      const res = await h.app.request('/api/time');
      const after = Date.now();
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const t = (await res.json()) as { receivedAt: number; sentAt: number };
      expect(t.receivedAt).toBeGreaterThanOrEqual(before);
      expect(t.sentAt).toBeGreaterThanOrEqual(t.receivedAt);
      expect(t.sentAt).toBeLessThanOrEqual(after);
    });

    it('a guest cannot start a session: no key and the anon key are refused, nothing is stored', async () => {
      const noKey = await h.app.request('/api/together', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ pattern: BOX, cycles: 5 }),
      });
      expect(noKey.status).toBe(401);
      const anon = await create(null, { pattern: BOX, cycles: 5 });
      expect(anon.status).toBe(401);
      expect(anon.body.message).toMatch(/sign in/i);
      const n = await db.query<{ n: string }>('select count(*) as n from public.together_sessions');
      expect(Number(n.rows[0]!.n)).toBe(0);
    });

    it('a member starts one: 201 with a link that carries the pattern, the start on the server clock and the id', async () => {
      const before = Date.now();
      const r = await create(host, { pattern: BOX, cycles: 5, startsInSeconds: 20 });
      expect(r.status).toBe(201);
      const s = r.body.session;
      expect(s.startsAt).toBeGreaterThanOrEqual(before + 20_000);
      expect(s.startsAt).toBeLessThanOrEqual(Date.now() + 20_000);
      expect(s.endsAt).toBe(s.startsAt + 5 * 16_000);
      expect(s.joins).toBe(0);
      const decoded = decodeLink(s.link.replace(/^\/p\//, ''));
      expect(decoded).toMatchObject({
        ok: true,
        content: {
          kind: 'together',
          session: s.id,
          startsAt: s.startsAt,
          cycles: 5,
          pattern: { name: 'Box Breathing' },
        },
      });
    });

    it('refuses hostile and absurd sessions with a message naming the problem', async () => {
      const bad = async (body: unknown, re: RegExp) => {
        const r = await create(host, body);
        expect(r.status, JSON.stringify(body)).toBe(400);
        expect(r.body.message).toMatch(re);
      };
      await bad({ pattern: { ...BOX, name: '<script>alert(1)</script>' }, cycles: 5 }, /markup/);
      await bad(
        { pattern: { ...BOX, inhale: 1e9 }, cycles: 5 },
        /Inhale can be at most 60 seconds/,
      );
      await bad({ pattern: BOX, cycles: 1e6 }, /cycles can be at most/);
      await bad({ pattern: BOX, cycles: 2.5 }, /whole number/);
      await bad(
        {
          pattern: { ...BOX, inhale: 60, hold: 60, exhale: 60, hold_after_exhale: 60 },
          cycles: 40,
        },
        /at most 2 hours/,
      );
      await bad(
        { pattern: BOX, cycles: 5, startsInSeconds: 86_400 * 30 },
        /startsInSeconds can be at most/,
      );
      await bad(
        { pattern: BOX, cycles: 5, startsInSeconds: -60 },
        /startsInSeconds must be at least/,
      );
      await bad({ pattern: BOX, cycles: 5, host_id: other.id }, /host_id|Unrecognized/i);
      await bad('box', /./);
    });

    it('forged join counts: repeats, a member with many device ids, and the host count once or not at all', async () => {
      const s = (await create(host, { pattern: BOX, cycles: 5 })).body.session;
      const device = randomUUID();
      expect((await join(s.id, device)).body).toMatchObject({ counted: true });
      for (let i = 0; i < 10; i++)
        expect((await join(s.id, device)).body).toMatchObject({
          counted: false,
          reason: 'already',
        });
      expect((await join(s.id, device.toUpperCase())).body).toMatchObject({
        counted: false,
        reason: 'already',
      });
      for (let i = 0; i < 5; i++) await join(s.id, randomUUID(), other);
      for (let i = 0; i < 5; i++)
        expect((await join(s.id, randomUUID(), host)).body).toMatchObject({
          counted: false,
          reason: 'host',
        });
      expect((await read(s.id, host)).body.session.joins).toBe(2);
      // Bodies that are not a device id, and the joiner's key forged in the body, change nothing.
      expect((await join(s.id, 'user:' + host.id)).status).toBe(400);
      expect(
        (
          await h.call('POST', `/api/together/${s.id}/join`, {
            body: { device: randomUUID(), joiner: `user:${other.id}` },
          })
        ).status,
      ).toBe(400);
      expect((await read(s.id, host)).body.session.joins).toBe(2);
    });

    it('a flood of invented device ids from one address stops at the per-address cap, whatever X-Forwarded-For says', async () => {
      const s = (await create(host, { pattern: BOX, cycles: 5 })).body.session;
      const answers: number[] = [];
      for (let i = 0; i < TOGETHER_LIMITS.joinsPerAddress + 20; i++) {
        const r = await join(s.id, randomUUID(), null, {
          'x-forwarded-for': `203.0.113.${i % 250}`,
        });
        answers.push(r.status);
      }
      expect(answers.filter((x) => x === 201)).toHaveLength(TOGETHER_LIMITS.joinsPerAddress);
      expect(answers.slice(TOGETHER_LIMITS.joinsPerAddress).every((x) => x === 429)).toBe(true);
      expect((await read(s.id, host)).body.session.joins).toBe(TOGETHER_LIMITS.joinsPerAddress);
      // The table holds no address, only its HMAC.
      const rows = await db.query<{ address: string }>(
        'select address from public.together_joins where session_id = $1 limit 1',
        [s.id],
      );
      expect(rows.rows[0]!.address).toMatch(/^[0-9a-f]{64}$/);
    });

    it('the join limit per address answers 429 with Retry-After; the creation limit per member too', async () => {
      const s = (await create(other, { pattern: BOX, cycles: 5 })).body.session;
      // Every in-process request comes from one address ('local'): forget the joins the tests
      // above counted for it (once the other limiter has written them), so this limit starts at 0.
      await new Promise((r) => setTimeout(r, 200));
      await db.query(`delete from pneuma_private.rate_limits where key like 'togetherJoin:%'`);
      const statuses: number[] = [];
      let retry: string | null = null;
      for (let i = 0; i < 8; i++) {
        const r = await call(tight, 'POST', `/api/together/${s.id}/join`, null, {
          device: randomUUID(),
        });
        statuses.push(r.status);
        retry ??= r.retryAfter;
      }
      expect(statuses.slice(0, 5).every((x) => x === 201)).toBe(true);
      expect(statuses.slice(5).every((x) => x === 429)).toBe(true);
      expect(Number(retry)).toBeGreaterThan(0);
      const third = await h.member('together-third', 'Tia');
      const creates: number[] = [];
      for (let i = 0; i < 5; i++)
        creates.push(
          (await call(tight, 'POST', '/api/together', third.token, { pattern: BOX, cycles: 2 }))
            .status,
        );
      expect(creates).toEqual([201, 201, 201, 429, 429]);
    });

    it(`a host has at most ${TOGETHER_LIMITS.openPerHost} sessions open at once`, async () => {
      const fourth = await h.member('together-fourth', 'Fin');
      const statuses: number[] = [];
      for (let i = 0; i < TOGETHER_LIMITS.openPerHost + 1; i++)
        statuses.push((await create(fourth, { pattern: BOX, cycles: 2 })).status);
      expect(statuses.slice(0, -1).every((x) => x === 201)).toBe(true);
      expect(statuses.at(-1)).toBe(409);
    });

    it('the session and its count are the host’s alone: other members get 404, /rest/v1 can neither write nor peek', async () => {
      const s = (await create(host, { pattern: BOX, cycles: 5 })).body.session;
      await join(s.id, randomUUID());
      expect((await read(s.id, other)).status).toBe(404);
      expect((await h.call('GET', `/api/together/${s.id}`)).status).toBe(401);
      const rest = (who: Member | null, method: string, path: string, body?: unknown) =>
        h.call<unknown>(method, `/rest/v1/${path}`, {
          token: who?.token,
          body,
          headers: { prefer: 'return=representation' },
        });
      // Forged rows: a join count written directly, a session in someone else's name.
      for (const who of [null, other, host]) {
        const j = await rest(who, 'POST', 'together_joins', {
          session_id: s.id,
          joiner: `device:${randomUUID()}`,
          address: 'a'.repeat(64),
        });
        expect(j.status, 'insert a join').toBeGreaterThanOrEqual(401);
        const t = await rest(who, 'POST', 'together_sessions', {
          host_id: host.id,
          pattern: BOX,
          cycles: 1,
          starts_at: new Date().toISOString(),
          ends_at: new Date(Date.now() + 16_000).toISOString(),
        });
        expect(t.status, 'insert a session').toBeGreaterThanOrEqual(401);
        const d = await rest(who, 'DELETE', `together_joins?session_id=eq.${s.id}`);
        expect([401, 403, 404]).toContain(d.status);
      }
      const peek = await rest(other, 'GET', `together_sessions?id=eq.${s.id}`);
      expect(peek.body).toEqual([]);
      const peekJoins = await rest(
        other,
        'GET',
        `together_joins?select=session_id,joined_at&session_id=eq.${s.id}`,
      );
      expect(peekJoins.body).toEqual([]);
      // The joiner and address columns are nobody's through /rest/v1, the host's included.
      expect((await rest(host, 'GET', `together_joins?session_id=eq.${s.id}`)).status).toBe(403);
      expect(
        (await rest(host, 'GET', `together_joins?select=session_id&session_id=eq.${s.id}`)).body,
      ).toHaveLength(1);
      expect((await read(s.id, host)).body.session.joins).toBe(1);
    });

    it('joining an ended session is 410; an unknown or malformed id is 404', async () => {
      const old = await call(past, 'POST', '/api/together', other.token, {
        pattern: BOX,
        cycles: 2,
      });
      expect(old.status).toBe(201);
      const id = (old.body.session as SessionJson).id;
      const late = await join(id, randomUUID());
      expect(late.status).toBe(410);
      expect(late.body.error).toBe('ended');
      expect((await join(randomUUID(), randomUUID())).status).toBe(404);
      expect((await join("1' or '1'='1", randomUUID())).status).toBe(404);
    });
  });
}

togetherSuite('pglite');
onPostgres('breathe together', () => togetherSuite('postgres'));
