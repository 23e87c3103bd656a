import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/types';
import { pgClusterUnavailable } from '../../server/dev/pg-cluster';
import { requireTool } from '../support/required';
import { client, email, listen, openTestDb, type Backend, type Running } from './helpers';

/**
 * The two-way sync schema (supabase/migrations/20261123030000_two_way_sync.sql) through the
 * real supabase-js against the embedded server (PGlite, and a PostgreSQL server where one
 * runs): the server stamps every write with its
 * own time, tombstones keep their first deletion time, one row per favourite, rating and
 * preference key, owner-only row-level security, and the filters a pull uses.
 */
const postgres = requireTool('PostgreSQL run of the two-way sync schema', pgClusterUnavailable());
const backends: Backend[] = postgres ? ['pglite', 'postgres'] : ['pglite'];

for (const kind of backends) {
  describe(`two-way sync schema on ${kind}`, () => suite(kind));
}

function suite(kind: Backend) {
  let db: Db;
  let dispose: () => Promise<void>;
  let srv: Running;

  beforeAll(async () => {
    ({ db, dispose } = await openTestDb(kind));
    srv = await listen(db);
  });
  afterAll(async () => {
    await srv?.stop();
    await dispose?.();
  });

  async function user(tag: string): Promise<{ sb: SupabaseClient; id: string }> {
    const sb = client(srv.url, srv.secrets.anonKey);
    const { data, error } = await sb.auth.signUp({
      email: email(tag),
      password: 'correct horse 42',
    });
    expect(error).toBeNull();
    return { sb, id: data.user!.id };
  }

  const FAR_FUTURE = '2099-01-01T00:00:00.000Z';
  const msAgo = (iso: string) => Date.now() - Date.parse(iso);

  function pattern(over: Record<string, unknown> = {}) {
    return {
      id: randomUUID(),
      name: 'Mine',
      inhale: 4,
      hold: 4,
      exhale: 4,
      hold_after_exhale: 4,
      ...over,
    };
  }

  /** The data of a supabase-js answer (throws its error). */
  async function one<R = Record<string, unknown>>(
    q: PromiseLike<{ data: unknown; error: { message: string } | null }>,
  ): Promise<R> {
    const { data, error } = await q;
    if (error) throw new Error(error.message);
    return data as R;
  }

  describe('writes and reads', () => {
    it('stamps updated_at with the server time on insert and update, whatever the client sends', async () => {
      const a = await user('stamp');
      const p = pattern({ updated_at: FAR_FUTURE });
      await one(a.sb.from('patterns').upsert(p, { onConflict: 'id' }));
      const first = await one(a.sb.from('patterns').select('updated_at').eq('id', p.id).single());
      const t1 = (first as { updated_at: string }).updated_at;
      expect(msAgo(t1)).toBeGreaterThanOrEqual(0);
      expect(msAgo(t1)).toBeLessThan(60_000);
      // whole milliseconds: the stamp handed back as a filter matches exactly
      expect(Date.parse(t1) % 1).toBe(0);
      const eq = await one(a.sb.from('patterns').select('id').eq('updated_at', t1));
      expect(eq).toEqual([{ id: p.id }]);

      await new Promise((r) => setTimeout(r, 5));
      await one(
        a.sb
          .from('patterns')
          .upsert(
            { ...p, name: 'Renamed', updated_at: '2000-01-01T00:00:00Z' },
            { onConflict: 'id' },
          ),
      );
      const second = (await one(
        a.sb.from('patterns').select('name, updated_at').eq('id', p.id).single(),
      )) as {
        name: string;
        updated_at: string;
      };
      expect(second.name).toBe('Renamed');
      expect(Date.parse(second.updated_at)).toBeGreaterThan(Date.parse(t1));

      const s = {
        id: randomUUID(),
        pattern_name: 'Box',
        session_duration: 60,
        rhythm_consistency: 88,
        phase_accuracy: 91,
      };
      await one(a.sb.from('sessions').insert({ ...s, updated_at: FAR_FUTURE }));
      const row = (await one(a.sb.from('sessions').select('*').eq('id', s.id).single())) as Record<
        string,
        unknown
      >;
      expect(msAgo(row.updated_at as string)).toBeLessThan(60_000);
      expect(row).toMatchObject({ deleted_at: null, rhythm_consistency: 88, phase_accuracy: 91 });
    });

    it('tombstones: a deletion is stamped by the server, keeps its first time, and an undelete clears it', async () => {
      const a = await user('tomb');
      const p = pattern();
      await one(a.sb.from('patterns').insert(p));
      await one(a.sb.from('patterns').upsert({ ...p, deleted: true }, { onConflict: 'id' }));
      const del = (await one(
        a.sb.from('patterns').select('deleted, deleted_at, updated_at').eq('id', p.id).single(),
      )) as Record<string, string | boolean>;
      expect(del.deleted).toBe(true);
      expect(del.deleted_at).toBe(del.updated_at);
      await new Promise((r) => setTimeout(r, 5));
      await one(
        a.sb.from('patterns').upsert({ ...p, deleted: true, name: 'Again' }, { onConflict: 'id' }),
      );
      const again = (await one(
        a.sb.from('patterns').select('deleted_at, updated_at').eq('id', p.id).single(),
      )) as Record<string, string>;
      expect(again.deleted_at).toBe(del.deleted_at);
      expect(Date.parse(again.updated_at!)).toBeGreaterThan(Date.parse(del.updated_at as string));
      await one(a.sb.from('patterns').upsert({ ...p, deleted: false }, { onConflict: 'id' }));
      const back = (await one(
        a.sb.from('patterns').select('deleted_at').eq('id', p.id).single(),
      )) as Record<string, unknown>;
      expect(back.deleted_at).toBeNull();

      // the generic tables: any non-null deleted_at from the client becomes the server's time
      await one(
        a.sb
          .from('user_favorites')
          .upsert(
            { pattern_id: 'box', deleted_at: FAR_FUTURE },
            { onConflict: 'user_id,pattern_id' },
          ),
      );
      const fav = (await one(a.sb.from('user_favorites').select('*').single())) as Record<
        string,
        string
      >;
      expect(fav.deleted_at).toBe(fav.updated_at);
      await one(
        a.sb
          .from('user_favorites')
          .upsert({ pattern_id: 'box', deleted_at: null }, { onConflict: 'user_id,pattern_id' }),
      );
      expect(
        (
          (await one(a.sb.from('user_favorites').select('deleted_at').single())) as Record<
            string,
            unknown
          >
        ).deleted_at,
      ).toBeNull();
    });

    it('one row per favourite, rating and preference key, however many devices write it', async () => {
      const a = await user('onerow');
      for (let device = 0; device < 3; device++) {
        await one(
          a.sb
            .from('user_favorites')
            .upsert({ pattern_id: 'sleep' }, { onConflict: 'user_id,pattern_id' }),
        );
        await one(
          a.sb
            .from('user_ratings')
            .upsert(
              { pattern_id: 'sleep', rating: device + 3 },
              { onConflict: 'user_id,pattern_id' },
            ),
        );
        await one(
          a.sb
            .from('user_preferences')
            .upsert(
              { key: 'voiceEnabled', value: device % 2 === 0 },
              { onConflict: 'user_id,key' },
            ),
        );
      }
      expect(await one(a.sb.from('user_favorites').select('pattern_id, user_id'))).toEqual([
        { pattern_id: 'sleep', user_id: a.id },
      ]);
      expect(await one(a.sb.from('user_ratings').select('pattern_id, rating'))).toEqual([
        { pattern_id: 'sleep', rating: 5 },
      ]);
      expect(await one(a.sb.from('user_preferences').select('key, value'))).toEqual([
        { key: 'voiceEnabled', value: true },
      ]);
    });

    it('refuses bad values with a client error', async () => {
      const a = await user('bad');
      const r = await a.sb.from('user_ratings').insert({ pattern_id: 'box', rating: 6 });
      expect(r.error?.code).toBe('23514');
      const k = await a.sb.from('user_preferences').insert({ key: "x'; drop", value: 1 });
      expect(k.error?.code).toBe('23514');
      const big = await a.sb
        .from('user_preferences')
        .insert({ key: 'big', value: 'x'.repeat(9000) });
      expect(big.error?.code).toBe('23514');
      const noValue = await a.sb.from('user_preferences').insert({ key: 'empty' });
      expect(noValue.error?.code).toBe('23502');
    });

    it('keeps every user to their own favourites, ratings and preferences', async () => {
      const a = await user('owner');
      const b = await user('other');
      await one(a.sb.from('user_favorites').insert({ pattern_id: 'box' }));
      await one(a.sb.from('user_ratings').insert({ pattern_id: 'box', rating: 4 }));
      await one(a.sb.from('user_preferences').insert({ key: 'voiceEnabled', value: false }));
      for (const table of ['user_favorites', 'user_ratings', 'user_preferences']) {
        expect(await one(b.sb.from(table).select('*')), table).toEqual([]);
        const upd = await b.sb
          .from(table)
          .update({ deleted_at: FAR_FUTURE }, { count: 'exact' })
          .eq('user_id', a.id);
        expect(upd.count, table).toBe(0);
        const del = await b.sb.from(table).delete({ count: 'exact' }).eq('user_id', a.id);
        expect(del.count, table).toBe(0);
      }
      expect(
        (await b.sb.from('user_favorites').insert({ user_id: a.id, pattern_id: 'sleep' })).error
          ?.code,
      ).toBe('42501');
      const merge = await b.sb
        .from('user_ratings')
        .upsert(
          { user_id: a.id, pattern_id: 'box', rating: 1 },
          { onConflict: 'user_id,pattern_id' },
        );
      expect(merge.error?.code).toBe('42501');
      expect(await one(a.sb.from('user_ratings').select('rating'))).toEqual([{ rating: 4 }]);
      expect(await one(a.sb.from('user_favorites').select('deleted_at'))).toEqual([
        { deleted_at: null },
      ]);
      const anon = client(srv.url, srv.secrets.anonKey);
      expect((await anon.from('user_preferences').select('*')).status).toBe(401);
    });

    it('answers the pull: rows after a stamp in (updated_at, key) order, and the rest of a stamp by key', async () => {
      const a = await user('pull');
      const rows = Array.from({ length: 5 }, (_, i) => ({ pattern_id: `p${i}` }));
      await one(a.sb.from('user_favorites').insert(rows)); // one statement: one stamp for all five
      const all = (await one(
        a.sb
          .from('user_favorites')
          .select('pattern_id, updated_at')
          .order('updated_at')
          .order('pattern_id')
          .limit(2),
      )) as { pattern_id: string; updated_at: string }[];
      expect(all.map((r) => r.pattern_id)).toEqual(['p0', 'p1']);
      const stamp = all[1]!.updated_at;
      const tie = (await one(
        a.sb
          .from('user_favorites')
          .select('pattern_id')
          .eq('updated_at', stamp)
          .gt('pattern_id', 'p1')
          .order('pattern_id'),
      )) as { pattern_id: string }[];
      expect(tie.map((r) => r.pattern_id)).toEqual(['p2', 'p3', 'p4']);
      await new Promise((r) => setTimeout(r, 5));
      await one(
        a.sb
          .from('user_favorites')
          .upsert(
            { pattern_id: 'p3', deleted_at: FAR_FUTURE },
            { onConflict: 'user_id,pattern_id' },
          ),
      );
      const after = (await one(
        a.sb.from('user_favorites').select('pattern_id, deleted_at').gt('updated_at', stamp),
      )) as {
        pattern_id: string;
        deleted_at: string | null;
      }[];
      expect(after).toHaveLength(1);
      expect(after[0]!.pattern_id).toBe('p3');
      expect(after[0]!.deleted_at).not.toBeNull();
    });
  });
}
