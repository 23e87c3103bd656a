import type { Context } from 'hono';
import { callerOf, isAuthFailure } from '../../auth/request-caller';
import type { RestCall, RestDeps } from '../call';
import { fromPg, RestError } from '../errors';
import { isPgError } from '../../db/types';
import { parseAccept, parsePrefer } from '../headers';
import { checkColumn, parseQuery } from '../query';
import { checkPattern, checkPatternBudget } from '../read-limits';
import { fail } from '../respond';
import { handleDelete } from './delete';
import { handleInsert } from './insert';
import { handleRead } from './read';
import { handleUpdate } from './update';

const METHODS = ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'];

/** Checks the request's schema, method and content type, and parses it into a RestCall. */
async function parseCall(c: Context, deps: RestDeps, auth: RestCall['auth']): Promise<RestCall> {
  const method = c.req.method;
  for (const h of ['accept-profile', 'content-profile']) {
    const v = c.req.header(h);
    if (v !== undefined && v !== 'public') {
      throw new RestError(406, 'PGRST106', 'The schema must be one of the following: public');
    }
  }
  if (!METHODS.includes(method))
    throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
  const media = parseAccept(c.req.header('accept'));
  const prefer = parsePrefer(c.req.header('prefer'));
  const query = parseQuery(new URL(c.req.url).searchParams);
  const table = await deps.tables.get(c.req.param('table') ?? '');
  // each pattern on its own first (its column, length, wildcards), then all of them together
  const patterns = query.filters.filter((f) => f.op === 'like' || f.op === 'ilike');
  for (const f of patterns)
    checkPattern(table, f.column, checkColumn(table, f.column), String(f.value));
  checkPatternBudget(
    auth.role,
    patterns.map((f) => String(f.value)),
    prefer.count && (method === 'GET' || method === 'HEAD') ? 2 : 1,
  );
  if (method === 'GET' || method === 'HEAD') return { c, deps, auth, table, query, media, prefer };
  if (query.limit !== undefined || query.offset !== undefined || query.order.length) {
    throw new RestError(400, 'PGRST100', 'limit, offset and order are only supported when reading');
  }
  const ct = c.req.header('content-type');
  if ((method === 'POST' || method === 'PATCH') && ct && !/^application\/json\b/i.test(ct)) {
    throw new RestError(
      415,
      'PGRST107',
      `Content-Type not acceptable: ${ct.slice(0, 100)}`,
      null,
      'Send application/json',
    );
  }
  return { c, deps, auth, table, query, media, prefer };
}

/** /rest/v1/{table}: authenticate, parse, then read, insert, update or delete. */
export async function handleTable(c: Context, deps: RestDeps): Promise<Response> {
  try {
    const auth = await callerOf(c, deps.secrets.jwtSecret).auth();
    if (isAuthFailure(auth)) {
      c.header(
        'WWW-Authenticate',
        `Bearer error="invalid_token", error_description="${auth.message}"`,
      );
      return c.json({ code: auth.code, details: null, hint: null, message: auth.message }, 401);
    }
    const call = await parseCall(c, deps, auth);
    switch (c.req.method) {
      case 'GET':
      case 'HEAD':
        return await handleRead(call);
      case 'POST':
        return await handleInsert(call);
      case 'PATCH':
        return await handleUpdate(call);
      default:
        return await handleDelete(call);
    }
  } catch (e) {
    if (e instanceof RestError) return fail(c, e);
    // a database error outside the request's own statements (the table list read while the
    // embedded database restarts): its own status, a 503 to retry for 57P03, never a 500
    if (isPgError(e)) return fail(c, fromPg(e, 'anon'));
    console.error('rest: unexpected error', e);
    return fail(c, new RestError(500, 'PGRST000', 'Internal server error'));
  }
}
