/**
 * Issue 42, item 5: quotas on every table a client writes. public.programs (custom programs,
 * synced through /rest/v1) had none: 300 rows and 18 MB went in within 6 s. Replayed on PGlite
 * and on a PostgreSQL 15 server with the real /rest/v1 in-process.
 *
 * It shows: 200 custom programs per account, the 201st a 413 naming the quota, a batch over it
 * storing nothing, a deletion freeing room, another member unaffected; and, from the database's
 * own catalogue, that every public table a client role (authenticated, or the API's pneuma_api)
 * may insert into counts its rows against a quota, so a table added later without one fails here.
 *
 * It does NOT prove: push subscriptions' cap (pneuma_private, helper b's part of the issue),
 * bytes added by updates after insert (not counted, by design: each row's size is bounded by its
 * table's checks, a program's segments to 64 KB), concurrent writers racing one account's quota.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db/types';
import { useTestDb, type Backend } from '../helpers';
import { marketplaceHarness } from '../marketplace/harness';
import { onPostgres } from '../onPostgres';
import type { Member } from '../community/harness';

const QUOTA = 200;

/** A custom program row as the app's sync uploads it. */
const row = (n: number) => ({
  id: randomUUID(),
  version: 1,
  name: `Program ${n}`,
  category: 'calm',
  segments: [
    {
      kind: 'breathe',
      phases: [
        { phase: 'inhale', seconds: 4 },
        { phase: 'exhale', seconds: 6 },
      ],
      cycles: 6,
    },
  ],
});

function suite(kind: Backend): void {
  describe(`quotas on every written table on ${kind}`, () => {
    let db: Db;
    let h: Awaited<ReturnType<typeof marketplaceHarness>>;
    let a: Member;
    let b: Member;
    useTestDb(kind, async (opened) => {
      db = opened;
      h = await marketplaceHarness(db);
      a = await h.member('quota-a');
      b = await h.member('quota-b');
    });
    const count = async (who: Member) =>
      (
        await db.query<{ n: number }>(
          'select count(*)::int as n from public.programs where user_id = $1',
          [who.id],
        )
      ).rows[0]!.n;

    it('a member keeps at most 200 custom programs; the 201st is a 413 naming the quota', async () => {
      const first = await h.rest(
        a,
        'POST',
        'programs',
        Array.from({ length: QUOTA - 1 }, (_, i) => row(i)),
      );
      expect(first.status).toBe(201);
      // a batch that would pass the quota stores nothing
      const batch = await h.rest(a, 'POST', 'programs', [row(900), row(901)]);
      expect(batch.status).toBe(413);
      expect(batch.body).toMatchObject({
        code: 'PT413',
        message: 'Storage quota reached: at most 200 custom programs per account',
      });
      expect(await count(a)).toBe(QUOTA - 1);
      expect((await h.rest(a, 'POST', 'programs', [row(902)])).status).toBe(201);
      // before: the 201st (and the 300th, 18 MB in all) went in
      const over = await h.rest(a, 'POST', 'programs', [row(903)]);
      expect(over.status).toBe(413);
      expect(await count(a)).toBe(QUOTA);
      // a deletion frees its room; another member is not affected
      const one = (
        await db.query<{ id: string }>(
          'select id from public.programs where user_id = $1 limit 1',
          [a.id],
        )
      ).rows[0]!.id;
      expect((await h.rest(a, 'DELETE', `programs?id=eq.${one}`)).status).toBeLessThan(300);
      expect((await h.rest(a, 'POST', 'programs', [row(904)])).status).toBe(201);
      expect((await h.rest(b, 'POST', 'programs', [row(905)])).status).toBe(201);
    }, 120_000);

    it('every public table a client role may insert into counts against a quota', async () => {
      const r = await db.query<{ tbl: string }>(
        `select c.relname as tbl from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'r'
            and (has_table_privilege('authenticated', c.oid, 'insert') or has_table_privilege('pneuma_api', c.oid, 'insert')
                 or has_any_column_privilege('authenticated', c.oid, 'insert') or has_any_column_privilege('pneuma_api', c.oid, 'insert'))
            and not exists (select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname = c.relname || '_quota_insert')
          order by 1`,
      );
      // public.users: one row per account (its key is the caller's id); together_sessions: the
      // API writes them for a host, at most 5 open and each deleted 7 days after it ends
      expect(r.rows.map((x) => x.tbl)).toEqual(['together_sessions', 'users']);
      const quotas = await db.query<{ tbl: string }>(
        'select tbl from pneuma_private.storage_quotas',
      );
      expect(quotas.rows.map((x) => x.tbl)).toContain('programs');
    });
  });
}

suite('pglite');
onPostgres('quotas on every written table', () => suite('postgres'));
