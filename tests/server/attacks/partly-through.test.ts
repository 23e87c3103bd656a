/**
 * Issue 42, item 7 (the parts not about sign-in and sign-up, which are tested with helper b's
 * auth attacks): three things that got partly through, replayed against a listening server on
 * PGlite and on a PostgreSQL 15 server.
 *
 * - `GET /api/*` had no rate limit: now the API_READ rule counts every /api read per user (per
 *   address for guests), and `/api/health` stays unlimited for probes;
 * - a token signed with the secret but without `exp`, or a user token without `session_id`,
 *   was accepted (it could never expire or be revoked): now a 401 on /rest/v1 and /api;
 * - trending counted raw rows: 6,000 sessions of one account put Box first; now patterns rank by
 *   the accounts that practised or shared them (then by active days, one a day per account).
 *
 * It does NOT prove: the limit across several instances (tests/server/limits.test.ts covers the
 * shared counter), tokens of a hosted Supabase project (its own GoTrue issues them), trending
 * under many accounts each posting (that needs many real accounts: quotas bound each).
 */
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db/types';
import { RATE_RULES } from '../../../server/limits/rules';
import { listen, TEST_SECRET, useTestDb, type Backend, type Running } from '../helpers';
import { onPostgres } from '../onPostgres';

interface Account {
  id: string;
  access: string;
  sessionId: string;
}

async function signUp(url: string, anon: string): Promise<Account> {
  const r = await fetch(`${url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: anon, 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `partly-${randomUUID()}@example.test`,
      password: 'correct horse battery staple 42',
    }),
  });
  expect(r.status).toBe(200);
  const s = (await r.json()) as { access_token: string; user: { id: string } };
  const claims = JSON.parse(Buffer.from(s.access_token.split('.')[1]!, 'base64url').toString()) as {
    session_id: string;
  };
  return { id: s.user.id, access: s.access_token, sessionId: claims.session_id };
}

/** A JWT signed with the server's secret, with exactly the claims given (no exp unless given). */
const forge = (claims: Record<string, unknown>) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .sign(new TextEncoder().encode(TEST_SECRET));

function suite(kind: Backend): void {
  describe(`partly through on ${kind}`, () => {
    let db: Db;
    let srv: Running;
    let anon: string;
    useTestDb(kind, async (opened) => {
      db = opened;
      srv = await listen(db);
      anon = srv.secrets.anonKey;
      return () => srv.stop();
    });
    /** A read; retried once when a kept-alive connection was closed under it (after a long seed). */
    const get = async (path: string, token: string): Promise<Response> => {
      const once = () =>
        fetch(`${srv.url}${path}`, { headers: { apikey: anon, authorization: `Bearer ${token}` } });
      try {
        return await once();
      } catch {
        return once();
      }
    };

    it('refuses a token signed with the secret but without exp, or a user token without session_id', async () => {
      const a = await signUp(srv.url, anon);
      const now = Math.floor(Date.now() / 1000);
      const base = {
        sub: a.id,
        role: 'authenticated',
        aud: 'authenticated',
        email: 'x@example.test',
      };
      const tokens = {
        'no exp': await forge({ ...base, session_id: a.sessionId }),
        'no session_id': await forge({ ...base, exp: now + 600 }),
        'empty session_id': await forge({ ...base, session_id: '', exp: now + 600 }),
        'anon key without exp': await forge({ role: 'anon', iss: 'pneuma' }),
      };
      // what the server issues still works
      expect((await get('/rest/v1/sessions?select=id', a.access)).status).toBe(200);
      expect((await get('/api/social/timeline', a.access)).status).toBe(200);
      for (const [what, token] of Object.entries(tokens)) {
        // before: 200 for every one of them
        expect((await get('/rest/v1/sessions?select=id', token)).status, what).toBe(401);
        if (!what.startsWith('anon'))
          expect((await get('/api/social/timeline', token)).status, what).toBe(401);
      }
    });

    it('limits GET /api/* per user and per guest address, and leaves /api/health alone', async () => {
      expect(RATE_RULES.apiRead).toEqual({ limit: 1200, windowMs: 60_000 });
      const tight = await listen(db, {
        secrets: srv.secrets,
        rateLimits: { apiRead: { limit: 20, windowMs: 60_000 } },
      });
      try {
        const a = await signUp(tight.url, anon);
        const statuses: number[] = [];
        for (let i = 0; i < 25; i++) {
          const r = await fetch(`${tight.url}/api/sync/changes`, {
            headers: { apikey: anon, authorization: `Bearer ${a.access}` },
          });
          await r.arrayBuffer();
          statuses.push(r.status);
          if (r.status === 429) {
            expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
          }
        }
        // before: 25 x 200
        expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
        expect(statuses.slice(20)).toEqual([429, 429, 429, 429, 429]);
        // a guest's reads count by address
        const guest: number[] = [];
        for (let i = 0; i < 22; i++) {
          const r = await fetch(`${tight.url}/api/market/programs`, { headers: { apikey: anon } });
          await r.arrayBuffer();
          guest.push(r.status);
        }
        expect(guest.at(-1)).toBe(429);
        for (let i = 0; i < 30; i++)
          expect((await fetch(`${tight.url}/api/health`)).status).toBe(200);
      } finally {
        await tight.stop();
      }
    }, 60_000);

    it("ranks trending by accounts, so one account's 6,000 sessions do not put Box first", async () => {
      const [a, b, c] = [
        await signUp(srv.url, anon),
        await signUp(srv.url, anon),
        await signUp(srv.url, anon),
      ];
      await db.query(
        `insert into public.sessions (id, user_id, pattern_id, pattern_name, session_duration, created_at, end_time)
         select gen_random_uuid(), $1, 'box', 'Box Breathing', 60, now() - (g % 5) * interval '1 hour', now() from generate_series(1, 6000) g`,
        [a.id],
      );
      for (const who of [b, c])
        await db.query(
          `insert into public.sessions (id, user_id, pattern_id, pattern_name, session_duration, created_at, end_time)
           values (gen_random_uuid(), $1, 'coherent', 'Coherent breathing', 300, now(), now())`,
          [who.id],
        );
      const r = await get('/api/patterns/trending', a.access);
      expect(r.status).toBe(200);
      const list = (
        (await r.json()) as { patterns: { id?: string; sessions: number; people: number }[] }
      ).patterns;
      // before: box first with 6,000 sessions of one person
      expect(list.map((p) => [p.id, p.people, p.sessions])).toEqual([
        ['coherent', 2, 2],
        ['box', 1, 6000],
      ]);
    }, 60_000);
  });
}

suite('pglite');
onPostgres('partly through', () => suite('postgres'));
