import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgClusterUnavailable } from '../../../server/dev/pg-cluster';
import type { Db } from '../../../server/db/types';
import { sqlLiteral } from '../../../server/db/types';
import { RestError } from '../../../server/rest/errors';
import { Params } from '../../../server/rest/query';
import { runBatchAs } from '../../../server/rest/transaction';
import { requireTool } from '../../support/required';
import { openTestDb } from '../helpers';
import type { Backend } from '../helpers';

const postgres = requireTool('PostgreSQL run of the batch tests', pgClusterUnavailable());
const BACKENDS: Backend[] = postgres ? ['pglite', 'postgres'] : ['pglite'];

/** Values inlined into one-round-trip REST batches must read back exactly as sent. */
describe.each(BACKENDS)('sqlLiteral, inlined REST values and batches on %s', (backend) => {
  let db: Db;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ db, dispose } = await openTestDb(backend));
  });
  afterAll(async () => {
    await dispose();
  });

  const tricky = ['', 'plain', "it's", 'back\\slash', '$', 'ends with $q', 'x$q', '$q$', 'a$q$b$qq$c', '$$', 'dollar $1 param', "'); drop table x; --", 'ünïcødé ✓', 'line\nbreak'];

  it.each(tricky)('round-trips %j through Postgres', async (value) => {
    const [r] = await db.batch(`select ${sqlLiteral(value)}::text as v`);
    expect(r!.rows[0]!.v).toBe(value);
  });

  it('inlines values as literals and null as null, with no positional parameters', async () => {
    const p = new Params(true);
    const sql = `select ${p.add('ends with $q')}::text as a, ${p.add(null)}::int as b`;
    expect(p.values).toEqual([]);
    const [r] = await db.batch(sql);
    expect(r!.rows[0]).toEqual({ a: 'ends with $q', b: null });
  });

  it('refuses a NUL character as Postgres refuses it in a text parameter (22021, 400)', () => {
    const p = new Params(true);
    let err: unknown;
    try {
      p.add('a\0b');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(RestError);
    expect((err as RestError).status).toBe(400);
    expect((err as RestError).code).toBe('22021');
  });

  it("reports each batch statement's own row count", async () => {
    await db.exec('create table batch_count (n int primary key)');
    const r = await db.batch(
      "select set_config('pneuma.probe', 'x', true); insert into batch_count values (1), (2), (3) on conflict do nothing; " +
        'update batch_count set n = n + 10 where n > 1; delete from batch_count where n = 1; select n from batch_count order by n',
    );
    expect(r.map((x) => x.rowCount)).toEqual([1, 3, 2, 1, 2]);
    expect(r[4]!.rows).toEqual([{ n: 12 }, { n: 13 }]);
  });

  it("runs a REST batch as the caller, and the connection's own role returns after it", async () => {
    const before = (await db.query<{ u: string }>('select current_user as u')).rows[0]!.u;
    const sub = '6f9619ff-8b86-4011-b42d-00c04fc964ff';
    const [r] = await runBatchAs(db, { role: 'authenticated', claims: { sub, role: 'authenticated', email: "o'brien$q@example.test" } }, 'GET', [
      "select current_user as u, auth.uid()::text as uid, current_setting('request.jwt.claims', true)::json->>'email' as email, current_setting('request.method', true) as m",
    ]);
    expect(r!.rows[0]).toEqual({ u: 'authenticated', uid: sub, email: "o'brien$q@example.test", m: 'GET' });
    const after = await db.query<{ u: string; c: string | null }>("select current_user as u, nullif(current_setting('request.jwt.claims', true), '') as c");
    expect(after.rows[0]).toEqual({ u: before, c: null });
    expect(before).not.toBe('authenticated');
  });

  it('runs a batch as one transaction: a failing statement undoes the ones before it', async () => {
    await db.exec('create table batch_probe (n int primary key)');
    await expect(db.batch('insert into batch_probe values (1); insert into batch_probe values (1)')).rejects.toMatchObject({ code: '23505' });
    const r = await db.query<{ n: number }>('select count(*)::int as n from batch_probe');
    expect(r.rows[0]!.n).toBe(0);
    const ok = await db.batch("select set_config('pneuma.probe', 'x', true) as s; select current_setting('pneuma.probe', true) as v");
    expect(ok.map((x) => x.rows[0])).toEqual([{ s: 'x' }, { v: 'x' }]);
    const after = await db.query<{ v: string | null }>("select nullif(current_setting('pneuma.probe', true), '') as v");
    expect(after.rows[0]!.v).toBeNull();
  });
});
