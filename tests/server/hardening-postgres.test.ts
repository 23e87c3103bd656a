import { describe, expect, it } from 'vitest';
import { openPostgres } from '../../server/db/postgres';
import { LIMIT_SYNC_MS } from '../../server/limits/limiter';
import { email, listen, sessionRow } from './helpers';
import { hardeningSuite, readSessions, signUp, upsert } from './hardening-suite';
import { onPostgres } from './onPostgres';

onPostgres('hardening', () =>
  hardeningSuite('postgres', (ctx) => {
    describe('two server instances on one PostgreSQL', () => {
      /** A second instance: its own connection pool and its own in-process caches. */
      async function pair(extra: Parameters<typeof listen>[1] = {}) {
        const { db } = ctx();
        const url = (
          await db.query<{ u: string }>(
            `select 'postgres://postgres@127.0.0.1:' || current_setting('port') || '/' || current_database() as u`,
          )
        ).rows[0]!.u;
        const other = openPostgres(url);
        const a = await listen(db, extra);
        const b = await listen(other, { ...extra, secrets: a.secrets });
        return {
          a,
          b,
          async stop() {
            await a.stop();
            await b.stop();
            await other.close();
          },
        };
      }

      it('share one rate limit', async () => {
        const { a, b, stop } = await pair({
          rateLimits: { restWrite: { limit: 4, windowMs: 60_000 } },
        });
        try {
          const anon = a.secrets.anonKey;
          const u = await signUp(a.url, anon, email('multi'));
          const statuses: number[] = [];
          // Each instance counts in memory and syncs with the shared table every LIMIT_SYNC_MS:
          // a hit is seen by the other instance within three sync intervals (server/README.md § Limits).
          for (const srv of [a, b, a, b, b]) {
            statuses.push((await upsert(srv.url, anon, u.access, [sessionRow()])).status);
            await new Promise((r) => setTimeout(r, 3 * LIMIT_SYNC_MS + 20));
          }
          expect(statuses).toEqual([201, 201, 201, 201, 429]);
          expect((await upsert(a.url, anon, u.access, [sessionRow()])).status).toBe(429);
        } finally {
          await stop();
        }
      });

      it('refuse a token signed out on the other instance within one second', async () => {
        const { a, b, stop } = await pair();
        try {
          const anon = a.secrets.anonKey;
          const u = await signUp(a.url, anon, email('revoke'));
          // B has just seen the session open (and caches that answer)
          expect((await readSessions(b.url, anon, u.access)).status).toBe(200);
          const out = await fetch(`${a.url}/auth/v1/logout`, {
            method: 'POST',
            headers: { apikey: anon, authorization: `Bearer ${u.access}` },
          });
          expect(out.status).toBe(204);
          const t0 = Date.now();
          let refusedAfter = -1;
          while (Date.now() - t0 < 2000) {
            const sentAt = Date.now() - t0;
            if ((await readSessions(b.url, anon, u.access)).status === 401) {
              refusedAfter = sentAt;
              break;
            }
            await new Promise((r) => setTimeout(r, 25));
          }
          expect(refusedAfter).toBeGreaterThanOrEqual(0);
          expect(refusedAfter).toBeLessThanOrEqual(1000);
          expect((await readSessions(a.url, anon, u.access)).status).toBe(401);
        } finally {
          await stop();
        }
      });
    });
  }),
);
