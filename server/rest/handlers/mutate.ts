import type { Context } from 'hono';
import type { RestCall } from '../call';
import { RestError } from '../errors';
import { readRestText } from '../body';
import { qi } from '../catalog';
import { Params, selectSql } from '../query';
import { aggregate, respond, singleCheck } from '../respond';
import { runAs, runBatchAs } from '../transaction';

/** The JSON body of a write; empty or invalid JSON is PGRST102. */
export async function readBody(c: Context): Promise<unknown> {
  let text: string;
  try {
    text = await readRestText(c);
  } catch (e) {
    throw new RestError(400, 'PGRST102', 'Empty or invalid json', `Could not read the request body: ${(e as Error).message}`);
  }
  if (text.trim() === '')
    throw new RestError(400, 'PGRST102', 'Empty or invalid json', 'The request body is empty');
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw new RestError(400, 'PGRST102', 'Empty or invalid json', (e as Error).message);
  }
}

/** PostgREST's answer for a column the table does not have. */
export function unknownColumn(table: string, column: string): RestError {
  return new RestError(
    400,
    'PGRST204',
    `Could not find the '${column.slice(0, 63)}' column of '${table}' in the schema cache`,
  );
}

/** UPDATE and DELETE need a filter, so a bare request cannot touch every row. */
export function requireFilter(call: RestCall, verb: 'UPDATE' | 'DELETE'): void {
  if (call.query.filters.length === 0) {
    throw new RestError(
      400,
      '21000',
      `${verb} requires a WHERE clause`,
      null,
      'Add a filter, e.g. id=eq.<id>',
    );
  }
}

/**
 * The values of a mutation: inlined for the one-round-trip batch, except when a single object
 * is asked for (that answer needs a transaction that can still roll back after counting rows).
 */
export function mutationParams(call: RestCall): Params {
  return new Params(!call.media.single);
}

/**
 * What a merge-duplicates upsert's rows did: PostgREST answers 200 when none was inserted
 * (every row updated) and 201 otherwise. A row's xmax is 0 when the statement inserted it; an
 * ON CONFLICT DO UPDATE leaves the updating transaction's id there. (With ignore-duplicates
 * every row the statement reports was inserted, so its row count says it without xmax.)
 */
function upsertSql(call: RestCall, stmt: string): string {
  const { media, prefer } = call;
  if (prefer.return !== 'representation' && !media.single)
    return `with _m as (${stmt} returning xmax = 0 as _ins) select '' as body, count(*)::int as n, (count(*) filter (where _ins))::int as ins from _m`;
  const cols = prefer.return === 'representation' ? selectSql(call.table, call.query.select) : '1';
  const row = media.stripNulls ? 'json_strip_nulls(row_to_json(_r))' : '_r';
  return (
    `with _m as (${stmt} returning ${qi(call.table.name)} as _row, xmax = 0 as _ins) ` +
    `select coalesce(json_agg(${row}), '[]')::text as body, count(*)::int as n, (count(*) filter (where _m._ins))::int as ins ` +
    `from _m cross join lateral (select ${cols} from (select (_m._row).*) _x) _r`
  );
}

interface Mutated {
  body: string;
  n: number;
  /** Rows an upsert inserted (undefined for other mutations). */
  inserted?: number;
}

/** Body and row count of a mutation: one round trip, or a transaction for a single object. */
async function runMutation(call: RestCall, stmt: string, p: Params): Promise<Mutated> {
  const { c, media, prefer } = call;
  const representation = prefer.return === 'representation';
  const merge = prefer.resolution === 'merge-duplicates';
  const ignore = prefer.resolution === 'ignore-duplicates';
  if (!merge && !representation && !media.single) {
    const [r] = await runBatchAs(call.deps.db, call.auth, c.req.method, [stmt], call.deps.timeouts);
    const n = r?.rowCount ?? 0;
    return { body: '', n, inserted: ignore ? n : undefined };
  }
  const cols = representation ? selectSql(call.table, call.query.select) : '1';
  const sql = merge
    ? upsertSql(call, stmt)
    : `with _m as (${stmt} returning ${cols}) ${aggregate('select * from _m', media)}`;
  const read = (row: Record<string, unknown> | undefined): Mutated => {
    const n = (row?.n as number | undefined) ?? 0;
    return {
      body: (row?.body as string | undefined) ?? '[]',
      n,
      inserted: ignore ? n : (row?.ins as number | undefined),
    };
  };
  if (p.inline) {
    const [r] = await runBatchAs(call.deps.db, call.auth, c.req.method, [sql], call.deps.timeouts);
    return read(r?.rows[0]);
  }
  return runAs(call.deps.db, call.auth, c.req.method, async (tx) => {
    const r = await tx.query<Record<string, unknown>>(sql, p.values);
    const result = read(r.rows[0]);
    singleCheck(media, result.n); // throws inside the transaction: rolled back like PostgREST
    return result;
  }, call.deps.timeouts);
}

/** Runs a mutation; with return=representation (or a single-object Accept) returns the rows. */
export async function mutate(
  call: RestCall,
  stmt: string,
  okStatus: 200 | 201,
  p: Params,
): Promise<Response> {
  const { c, media, prefer } = call;
  const representation = prefer.return === 'representation';
  const result = await runMutation(call, stmt, p);
  const headers: Record<string, string> = {};
  if (prefer.count) headers['Content-Range'] = `*/${result.n}`;
  if (prefer.resolution) headers['Preference-Applied'] = `resolution=${prefer.resolution}`;
  // An upsert that inserted nothing created nothing: 200 (with or without a body), as PostgREST.
  const createdNothing = okStatus === 201 && result.inserted === 0;
  const status = createdNothing ? 200 : okStatus;
  if (!representation) return c.body(null, createdNothing ? 200 : okStatus === 201 ? 201 : 204, headers);
  return respond(c, status, result.body, media, headers);
}
