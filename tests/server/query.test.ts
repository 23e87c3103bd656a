import { describe, expect, it } from 'vitest';
import { RestError } from '../../server/rest/errors';
import { Params, parseFilter, parseOrder, parseQuery, parseSelect, whereSql } from '../../server/rest/query';
import type { TableInfo } from '../../server/rest/tableInfo';
import { boundFromChecks } from '../../server/rest/read-limits';

const table: TableInfo = {
  name: 'sessions',
  columns: new Map([
    ['id', 'uuid'],
    ['pattern_name', 'text'],
    ['session_duration', 'integer'],
    ['completed', 'boolean'],
  ]),
  primaryKey: ['id'],
  // as the catalogue reads it from sessions' CHECK (length(pattern_name) <= 200)
  maxChars: new Map([['pattern_name', 200]]),
};

describe('PostgREST query parsing', () => {
  it('parses select lists with aliases and quoted names', () => {
    expect(parseSelect(null)).toEqual({ star: true, items: [] });
    expect(parseSelect('id,name:pattern_name,"completed"')).toEqual({
      star: false,
      items: [
        { column: 'id', alias: 'id' },
        { column: 'pattern_name', alias: 'name' },
        { column: 'completed', alias: 'completed' },
      ],
    });
    expect(() => parseSelect('id,users(*)')).toThrow(RestError);
  });

  it('parses in-lists with quotes and commas inside values', () => {
    const f = parseFilter('pattern_name', 'in.("Box, calm","say \\"hi\\"",plain)');
    expect(f).toEqual({ column: 'pattern_name', op: 'in', negate: false, value: ['Box, calm', 'say "hi"', 'plain'] });
    expect(parseFilter('completed', 'not.is.NULL')).toEqual({ column: 'completed', op: 'is', negate: true, value: 'null' });
    expect(parseFilter('pattern_name', 'eq.a.b.c').value).toBe('a.b.c');
  });

  it('parses order and rejects anything else', () => {
    expect(parseOrder('created_at.desc.nullslast,id')).toEqual([
      { column: 'created_at', desc: true, nulls: 'last' },
      { column: 'id', desc: false },
    ]);
    expect(() => parseOrder('created_at.desc;drop')).toThrow(RestError);
  });

  it('builds parameterised SQL with catalogue casts only', () => {
    const q = parseQuery(new URLSearchParams('pattern_name=like.Box*&session_duration=gte.60&id=in.(a,b)&completed=is.true&limit=5'));
    const p = new Params();
    const sql = whereSql(table, q.filters, p);
    expect(sql).toBe(
      ' where "pattern_name"::text like $1 and "session_duration" >= $2::integer and "id" in ($3::uuid, $4::uuid) and "completed" is true',
    );
    expect(p.values).toEqual(['Box%', '60', 'a', 'b']);
    expect(q.limit).toBe(5);
    expect(() => whereSql(table, [{ column: 'secret', op: 'eq', negate: false, value: '1' }], new Params())).toThrow(/does not exist/);
  });
});

describe('pattern filter limits', () => {
  it('reads the bound of a text column from the CHECK constraints Postgres prints', () => {
    expect(boundFromChecks('description', ['CHECK ((length(description) <= 2000))'])).toBe(2000);
    expect(boundFromChecks('title', ['CHECK (((length(btrim(title)) >= 3) AND (length(btrim(title)) <= 120)))'])).toBe(120);
    expect(boundFromChecks('name', ["CHECK ((((char_length(name) >= 1) AND (char_length(name) <= 80)) AND (btrim(name) <> ''::text)))"])).toBe(80);
    expect(boundFromChecks('level', ["CHECK ((level = ANY (ARRAY['Beginner'::text, 'Intermediate'::text, 'Advanced'::text])))"])).toBe(12);
    expect(boundFromChecks('type', ["CHECK ((type = 'BREATHING_SESSION'::text))"])).toBe(17);
    // another column's bound, or a pattern check, bounds nothing
    expect(boundFromChecks('bio', ['CHECK ((length(description) <= 2000))'])).toBeUndefined();
    expect(boundFromChecks('tx_id', ["CHECK ((tx_id ~ '^[0-9a-f]{64}$'::text))"])).toBeUndefined();
  });

  it('refuses long, wildcard-heavy and unbounded pattern filters with a 400', () => {
    const where = (q: string) => whereSql(table, parseQuery(new URLSearchParams(q)).filters, new Params());
    expect(where('pattern_name=ilike.*a*b*c*d')).toContain('ilike');
    expect(where('id=like.*4*')).toContain('like');
    expect(where('session_duration=like.6*')).toContain('like');
    const refused = (q: string) => {
      try {
        where(q);
      } catch (e) {
        return e as RestError;
      }
      throw new Error(`${q} was not refused`);
    };
    expect(refused(`pattern_name=like.${'x'.repeat(101)}`)).toMatchObject({ status: 400, code: 'PGRST100' });
    expect(refused('pattern_name=like.*a*b*c*d*').message).toMatch(/5 wildcards/);
    expect(refused('pattern_name=like.%a%b%c%d%').message).toMatch(/5 wildcards/);
    const loose: TableInfo = { ...table, maxChars: new Map() };
    expect(() => whereSql(loose, [{ column: 'pattern_name', op: 'like', negate: false, value: 'Box*' }], new Params())).toThrow(/may hold more than 2000/);
  });
});
