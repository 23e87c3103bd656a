import { qi } from '../catalog';
import type { TableInfo } from '../tableInfo';
import type { RestCall } from '../call';
import { RestError } from '../errors';
import { isPlainObject } from '../../http';
import { checkColumn, toParam } from '../query';
import type { Params } from '../query';
import { respond } from '../respond';
import { mutate, mutationParams, readBody, unknownColumn } from './mutate';

/** Most rows one insert or upsert may carry. */
const MAX_ROWS_PER_REQUEST = 1000;

type Row = Record<string, unknown>;

/** The insert statement for these rows (a missing key is null, or default with missing=default). */
function insertSql(call: RestCall, rows: Row[], columns: string[], p: Params): string {
  const t = call.table;
  if (columns.length === 0) {
    if (rows.length > 1)
      throw new RestError(
        400,
        'PGRST102',
        'Objects without keys can only be inserted one at a time',
      );
    return `insert into public.${qi(t.name)} default values`;
  }
  const values = rows.map((r) => {
    const cells = columns.map((col) => {
      const type = checkColumn(t, col);
      if (!(col in r)) return call.prefer.missingDefault ? 'default' : 'null';
      return `${p.add(toParam(r[col], type, col))}::${type}`;
    });
    return `(${cells.join(', ')})`;
  });
  return `insert into public.${qi(t.name)} (${columns.map(qi).join(', ')}) values ${values.join(', ')}`;
}

/** The ON CONFLICT clause of an upsert (Prefer: resolution=...), or '' for a plain insert. */
function conflictSql(call: RestCall, t: TableInfo, columns: string[]): string {
  const { prefer, query: q } = call;
  if (!prefer.resolution) {
    q.onConflict?.forEach((col) => checkColumn(t, col));
    return '';
  }
  const target = q.onConflict ?? t.primaryKey;
  if (target.length === 0)
    throw new RestError(400, 'PGRST100', 'on_conflict is required for this table');
  target.forEach((col) => checkColumn(t, col));
  const onConflict = ` on conflict (${target.map(qi).join(', ')})`;
  const updatable = columns.filter((col) => !target.includes(col));
  if (prefer.resolution === 'ignore-duplicates' || updatable.length === 0)
    return `${onConflict} do nothing`;
  return `${onConflict} do update set ${updatable.map((col) => `${qi(col)} = excluded.${qi(col)}`).join(', ')}`;
}

/** POST: insert one object or an array of them; upsert with Prefer: resolution. */
export async function handleInsert(call: RestCall): Promise<Response> {
  const { c, table: t, query: q, media } = call;
  const value = await readBody(c);
  const rows = Array.isArray(value) ? value : [value];
  if (!rows.every(isPlainObject))
    throw new RestError(400, 'PGRST102', 'Expected a JSON object or an array of JSON objects');
  if (rows.length > MAX_ROWS_PER_REQUEST)
    throw new RestError(413, 'PGRST413', `At most ${MAX_ROWS_PER_REQUEST} rows per request`);
  if (rows.length === 0) return respond(c, 201, '[]', { ...media, single: false });
  const columns = [...new Set(q.columns ?? rows.flatMap((r) => Object.keys(r)))];
  for (const col of columns) {
    if (!t.columns.has(col)) throw unknownColumn(t.name, col);
  }
  const p = mutationParams(call);
  const stmt = insertSql(call, rows, columns, p) + conflictSql(call, t, columns);
  return mutate(call, stmt, 201, p);
}
