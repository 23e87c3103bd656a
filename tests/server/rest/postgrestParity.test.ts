import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db/types';
import { client, email, listen, openTestDb, sessionRow } from '../helpers';
import type { Running } from '../helpers';

/**
 * PostgREST behaviours that supabase-js passes on to the app (its `status` and `count`), taken
 * from PostgREST itself: an upsert that inserts nothing answers 200, not 201 (PostgREST pull
 * request 2926: "POST with Prefer: resolution=merge-duplicates returns 200 instead of 201 when
 * no rows are inserted"); with any `Prefer: count=` a read that sends fewer rows than the total
 * answers 206 Partial Content (PostgREST's rangeStatus). Run against the embedded server on
 * PGlite with the real supabase-js client.
 * What this does not prove: that a PostgREST binary answers byte for byte the same (none runs
 * here), nor planner-estimated counts: this server counts exactly for planned and estimated too.
 */
describe('PostgREST parity seen through supabase-js', () => {
  let db: Db;
  let dispose: () => Promise<void>;
  let srv: Running;

  beforeAll(async () => {
    ({ db, dispose } = await openTestDb('pglite'));
    srv = await listen(db);
  });
  afterAll(async () => {
    await srv?.stop();
    await dispose?.();
  });

  async function member(tag: string) {
    const sb = client(srv.url, srv.secrets.anonKey);
    const { error } = await sb.auth.signUp({ email: email(tag), password: 'correct horse 42' });
    expect(error).toBeNull();
    return sb;
  }

  it('answers 201 for an upsert that inserts and 200 for one that only updates or ignores', async () => {
    const sb = await member('upsert');
    const row = sessionRow();
    const first = await sb.from('sessions').upsert(row, { onConflict: 'id' });
    expect(first.error).toBeNull();
    expect(first.status).toBe(201);

    const again = await sb
      .from('sessions')
      .upsert({ ...row, cycle_count: 16 }, { onConflict: 'id' });
    expect(again.error).toBeNull();
    expect(again.status).toBe(200);

    const shown = await sb
      .from('sessions')
      .upsert({ ...row, cycle_count: 17 }, { onConflict: 'id' })
      .select('id, cycle_count')
      .single();
    expect(shown.status).toBe(200);
    expect(shown.data).toEqual({ id: row.id, cycle_count: 17 });

    const ignored = await sb
      .from('sessions')
      .upsert(row, { onConflict: 'id', ignoreDuplicates: true })
      .select('id');
    expect(ignored.status).toBe(200);
    expect(ignored.data).toEqual([]);
    // The app's sync upload: ignore-duplicates, return=minimal (a replay inserts nothing).
    expect(
      (await sb.from('sessions').upsert(row, { onConflict: 'id', ignoreDuplicates: true })).status,
    ).toBe(200);
    expect(
      (await sb.from('sessions').upsert(sessionRow(), { onConflict: 'id', ignoreDuplicates: true }))
        .status,
    ).toBe(201);

    // One new row among existing ones is a creation.
    const mixed = await sb
      .from('sessions')
      .upsert([row, sessionRow()], { onConflict: 'id' })
      .select('id');
    expect(mixed.status).toBe(201);
    expect(mixed.data).toHaveLength(2);
    // A plain insert is still 201.
    expect((await sb.from('sessions').insert(sessionRow())).status).toBe(201);
  });

  it.each(['exact', 'planned', 'estimated'] as const)(
    'answers count=%s with a Content-Range total, 206 for a partial page and 200 for all of it',
    async (count) => {
      const sb = await member(`count-${count}`);
      const rows = Array.from({ length: 5 }, () => sessionRow());
      expect((await sb.from('sessions').insert(rows)).error).toBeNull();

      const page = await sb
        .from('sessions')
        .select('id', { count })
        .order('start_time')
        .range(1, 2);
      expect(page.error).toBeNull();
      expect(page.status).toBe(206);
      expect(page.count).toBe(5);
      expect(page.data).toHaveLength(2);

      const all = await sb.from('sessions').select('id', { count });
      expect(all.status).toBe(200);
      expect(all.count).toBe(5);

      const head = await sb.from('sessions').select('id', { count, head: true }).limit(1);
      expect(head.status).toBe(206);
      expect(head.count).toBe(5);
    },
  );
});
