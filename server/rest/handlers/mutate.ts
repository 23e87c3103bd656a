import type { Context } from 'hono';
import type { RestCall } from '../call';
import { RestError } from '../errors';
import { readRestText } from '../body';
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

/** Body and row count of a mutation: one round trip, or a transaction for a single object. */
async function runMutation(call: RestCall, stmt: string, p: Params): Promise<{ body: string; n: number }> {
  const { c, media, prefer } = call;
  const representation = prefer.return === 'representation';
  if (!representation && !media.single) {
    const [r] = await runBatchAs(call.deps.db, call.auth, c.req.method, [stmt], call.deps.timeouts);
    return { body: '', n: r?.rowCount ?? 0 };
  }
  const cols = representation ? selectSql(call.table, call.query.select) : '1';
  const sql = `with _m as (${stmt} returning ${cols}) ${aggregate('select * from _m', media)}`;
  if (p.inline) {
    const [r] = await runBatchAs(call.deps.db, call.auth, c.req.method, [sql], call.deps.timeouts);
    return { body: (r?.rows[0]?.body as string | undefined) ?? '[]', n: (r?.rows[0]?.n as number | undefined) ?? 0 };
  }
  return runAs(call.deps.db, call.auth, c.req.method, async (tx) => {
    const r = await tx.query<{ body: string; n: number }>(sql, p.values);
    const n = r.rows[0]?.n ?? 0;
    singleCheck(media, n); // throws inside the transaction: rolled back like PostgREST
    return { body: r.rows[0]?.body ?? '[]', n };
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
  if (!representation) return c.body(null, okStatus === 201 ? 201 : 204, headers);
  return respond(c, okStatus, result.body, media, headers);
}
