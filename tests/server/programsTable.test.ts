import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/types';
import { getBuiltInProgram } from '../../src/domain/programs/builtInPrograms';
import { fromProgramRow, toProgramRow } from '../../src/sync/rows/programRow';
import type { CustomProgramRecord } from '../../src/data/db';
import { client, email, listen, openTestDb, type Running } from './helpers';

/**
 * public.programs (supabase/migrations/20261127110000_programs.sql) through the real
 * supabase-js against the embedded server on PGlite: a program the app uploads
 * (toProgramRow) is stored, stamped with the server's time, read back into the same
 * record (fromProgramRow), seen by its owner only (row-level security), deleted as a
 * tombstone, and a row whose segments are not a list of objects is refused.
 *
 * Not proved here: the outbox's scheduling of the upload (the same editableKind as custom
 * patterns, tested with them), nor a PostgreSQL server (PGlite only, to keep this short).
 */
describe('public.programs', () => {
  let db: Db;
  let dispose: () => Promise<void>;
  let srv: Running;

  beforeAll(async () => {
    ({ db, dispose } = await openTestDb('pglite'));
    srv = await listen(db);
  }, 240_000);
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

  const local = (): CustomProgramRecord => {
    const { id: _id, builtIn: _b, ...def } = getBuiltInProgram('co2-table')!;
    return {
      ...def,
      name: 'My CO2 table',
      id: randomUUID(),
      userId: null,
      createdAt: '2026-11-27T10:00:00.000Z',
      updatedAt: '2099-01-01T00:00:00.000Z',
      syncState: 'pending',
    };
  };

  it('stores an uploaded program for its owner only and reads it back as the same program', async () => {
    const a = await user('prog-a');
    const b = await user('prog-b');
    const p = local();
    const { error } = await a.sb
      .from('programs')
      .upsert(toProgramRow(p, a.id), { onConflict: 'id' });
    expect(error).toBeNull();
    const { data: mine } = await a.sb.from('programs').select('*').eq('id', p.id).single();
    expect(Date.parse(mine.updated_at)).toBeLessThan(Date.now() + 1000); // the server's time, not 2099
    const back = fromProgramRow(mine, a.id, mine.updated_at)!;
    expect(back).toMatchObject({
      id: p.id,
      name: p.name,
      category: 'apnea',
      segments: p.segments,
      safetyNote: p.safetyNote,
    });
    const { data: theirs } = await b.sb.from('programs').select('id').eq('id', p.id);
    expect(theirs).toEqual([]);
    const stolen = await b.sb.from('programs').upsert(toProgramRow(p, a.id), { onConflict: 'id' });
    expect(stolen.error).not.toBeNull();
  });

  it('keeps a deletion as a tombstone with its time', async () => {
    const a = await user('prog-del');
    const p = local();
    await a.sb.from('programs').insert(toProgramRow(p, a.id));
    await a.sb
      .from('programs')
      .upsert(toProgramRow({ ...p, deleted: true }, a.id), { onConflict: 'id' });
    const { data } = await a.sb
      .from('programs')
      .select('deleted, deleted_at')
      .eq('id', p.id)
      .single();
    expect(data?.deleted).toBe(true);
    expect(data?.deleted_at).not.toBeNull();
  });

  it('refuses segments that are not a list of objects, and an unknown category', async () => {
    const a = await user('prog-bad');
    const row = toProgramRow(local(), a.id);
    for (const bad of [
      { ...row, segments: 'x' },
      { ...row, segments: [1, 2] },
      { ...row, segments: [] },
      { ...row, category: 'magic' },
    ]) {
      const { error } = await a.sb.from('programs').insert({ ...bad, id: randomUUID() });
      expect(error).not.toBeNull();
    }
  });
});
