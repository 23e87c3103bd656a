import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteThread } from '../../../server/db/pglite-thread';
import type { Db } from '../../../server/db/types';
import { isPgError } from '../../../server/db/types';

/**
 * The embedded database on its own thread (what `npm start` runs): the same Db contract as
 * the in-thread PGlite, across a worker boundary. These run the real worker (its TypeScript
 * source through tsx) on a real data folder.
 */
describe('PGlite on a database thread', () => {
  let dir: string;
  let db: Db;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pneuma-thread-'));
    db = await openPgliteThread({ dataDir: join(dir, 'pglite'), settings: { work_mem: '8MB' } });
    await db.exec('create table t (id int primary key, at timestamptz, note text)');
  }, 60_000);

  afterAll(async () => {
    await db?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers queries with parameters, dates and row counts as they were', async () => {
    const at = new Date('2026-11-23T10:00:00.000Z');
    const ins = await db.query('insert into t (id, at, note) values ($1, $2, $3)', [1, at, 'one']);
    expect(ins.rowCount).toBe(1);
    const r = await db.query<{ id: number; at: Date; note: string }>('select * from t where id = $1', [1]);
    expect(r.rows).toEqual([{ id: 1, at, note: 'one' }]);
    expect(r.rows[0]!.at).toBeInstanceOf(Date);
    const s = await db.query<{ setting: string }>("select setting from pg_settings where name = 'work_mem'");
    expect(s.rows[0]!.setting).toBe('8192');
  });

  it('runs a batch as one implicit transaction and returns each result', async () => {
    const results = await db.batch("set local statement_timeout to '5s'; insert into t (id) values (2), (3); select count(*)::int as n from t");
    expect(results.map((r) => r.rowCount)).toEqual([0, 2, 1]);
    expect(results[2]!.rows).toEqual([{ n: 3 }]);
    await expect(db.batch('insert into t (id) values (4); insert into t (id) values (1)')).rejects.toThrow(/duplicate key/);
    expect((await db.query('select 1 from t where id = 4')).rows).toHaveLength(0);
  });

  it('keeps Postgres error codes across the thread', async () => {
    const e = await db.query('select * from no_such_table').catch((x: unknown) => x);
    expect(isPgError(e)).toBe(true);
    expect((e as { code: string }).code).toBe('42P01');
    const dup = await db.query('insert into t (id) values (1)').catch((x: unknown) => x);
    expect((dup as { code: string; detail: string }).code).toBe('23505');
    expect((dup as { detail: string }).detail).toMatch(/\(id\)=\(1\)/);
  });

  it('commits a transaction with its setup, and rolls back when the work throws', async () => {
    const seen = await db.transaction(async (tx) => {
      await tx.query('insert into t (id, note) values ($1, $2)', [10, 'kept']);
      return (await tx.query<{ v: string }>("select current_setting('pneuma.test', true) as v")).rows[0]!.v;
    }, "select set_config('pneuma.test', 'set up', true)");
    expect(seen).toBe('set up');
    await expect(
      db.transaction(async (tx) => {
        await tx.exec("insert into t (id, note) values (11, 'dropped')");
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const r = await db.query<{ id: number }>('select id from t where id in (10, 11) order by id');
    expect(r.rows).toEqual([{ id: 10 }]);
  });

  it('runs other statements after an open transaction, never inside it', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const tx = db.transaction(async (t) => {
      await t.exec("insert into t (id, note) values (20, 'in tx')");
      await held;
      throw new Error('roll back');
    });
    await new Promise((r) => setTimeout(r, 50));
    const outside = db.query<{ n: number }>('select count(*)::int as n from t where id = 20');
    release();
    await expect(tx).rejects.toThrow('roll back');
    expect((await outside).rows[0]!.n).toBe(0);
  });

  it('reports a setup that fails as the transaction failing, with the database still usable', async () => {
    await expect(db.transaction(async () => 'never', 'select * from no_such_table')).rejects.toMatchObject({ code: '42P01' });
    expect((await db.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('refuses work once closed', async () => {
    const other = await openPgliteThread({ dataDir: join(dir, 'other') });
    await other.close();
    await expect(other.query('select 1')).rejects.toThrow(/closed/);
    await other.close();
  }, 60_000);

  it('fails to open, with the reason, when the data folder cannot be used', async () => {
    const file = join(dir, 'a-file');
    await writeFile(file, 'not a folder');
    await expect(openPgliteThread({ dataDir: file })).rejects.toThrow(`The embedded database could not open its data folder ${file} (file system error 54): it must be a folder this user can write`);
  }, 60_000);
});
