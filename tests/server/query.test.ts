import { describe, expect, it } from 'vitest';
import { RestError } from '../../server/rest/errors';
import { Params, parseFilter, parseOrder, parseQuery, parseSelect, whereSql } from '../../server/rest/query';
import type { TableInfo } from '../../server/rest/catalog';

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
