import { Hono } from 'hono';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { authenticateRequest, isAuthFailure } from '../auth/request-auth';
import type { RequestAuth } from '../auth/request-auth';
import type { Db, Tx } from '../db/types';
import { isPgError, sqlLiteral } from '../db/types';
import { isPlainObject, readJson } from '../http';
import type { Secrets } from '../secrets';
import { loadCatalog, qi } from './catalog';
import type { TableInfo } from './catalog';
import { fromPg, RestError } from './errors';
import { checkColumn, orderSql, Params, parseQuery, selectSql, toParam, whereSql } from './query';
import type { ParsedQuery } from './query';

/**
 * /rest/v1/{table}: the subset of PostgREST that supabase-js emits. Every request runs
 * in one transaction as the JWT's role with request.jwt.claims set, so grants and
 * row-level-security policies decide what the caller may see and change.
 */
export interface RestOptions {
  db: Db;
  secrets: Secrets;
  /** Most rows one read returns, as Supabase's "Max rows" setting (default 1000). */
  maxRows?: number;
}

interface Prefer {
  return: 'minimal' | 'representation' | 'headers-only';
  count: boolean;
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missingDefault: boolean;
}

function parsePrefer(headers: string | undefined): Prefer {
  const p: Prefer = { return: 'minimal', count: false, missingDefault: false };
  for (const raw of (headers ?? '').split(',')) {
    const [k, v] = raw.split('=').map((s) => s.trim());
    if (k === 'return' && (v === 'minimal' || v === 'representation' || v === 'headers-only')) p.return = v;
    else if (k === 'count' && (v === 'exact' || v === 'planned' || v === 'estimated')) p.count = true;
    else if (k === 'resolution' && (v === 'merge-duplicates' || v === 'ignore-duplicates')) p.resolution = v;
    else if (k === 'missing' && v === 'default') p.missingDefault = true;
  }
  return p;
}

interface Media {
  single: boolean;
  stripNulls: boolean;
}

function parseAccept(accept: string | undefined): Media {
  if (!accept || accept.trim() === '') return { single: false, stripNulls: false };
  const types = accept.split(',').map((t) => t.trim().toLowerCase());
  for (const t of types) {
    const [mime = '', ...params] = t.split(';').map((s) => s.trim());
    const stripNulls = params.includes('nulls=stripped');
    if (mime === 'application/vnd.pgrst.object+json' || mime === 'application/vnd.pgrst.object') return { single: true, stripNulls };
    if (['application/json', 'application/vnd.pgrst.array+json', 'application/*', '*/*'].includes(mime)) return { single: false, stripNulls };
  }
  throw new RestError(406, 'PGRST107', `None of these media types are available: ${accept.slice(0, 200)}`);
}

const MAX_ROWS_PER_REQUEST = 1000;

/**
 * What PostgREST does at the start of each request transaction: switch to the JWT's
 * role and expose its claims to auth.uid() and the policies. The role is one of the
 * three API roles (checked by authenticateRequest); the claims come from a verified JWT.
 */
export function requestSetup(auth: RequestAuth, method: string): string {
  return (
    `select set_config('role', ${sqlLiteral(auth.role)}, true), ` +
    `set_config('request.jwt.claims', ${sqlLiteral(JSON.stringify(auth.claims))}, true), ` +
    `set_config('request.method', ${sqlLiteral(method)}, true), set_config('statement_timeout', '15s', true)`
  );
}

export function restRoutes(opts: RestOptions): Hono {
  const { db, secrets } = opts;
  const app = new Hono();
  let catalog: Map<string, TableInfo> | undefined;
  let catalogAt = 0;

  async function table(name: string): Promise<TableInfo> {
    if (!catalog || (!catalog.has(name) && Date.now() - catalogAt > 2000)) {
      catalog = await loadCatalog(db);
      catalogAt = Date.now();
    }
    const t = catalog.get(name);
    if (!t) throw new RestError(404, 'PGRST205', `Could not find the table 'public.${name.slice(0, 63)}' in the schema cache`);
    return t;
  }

  const fail = (c: Context, e: RestError) => c.json(e.toJSON(), e.status as ContentfulStatusCode);

  async function run<T>(auth: RequestAuth, method: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(fn, requestSetup(auth, method));
    } catch (e) {
      if (e instanceof RestError) throw e;
      if (isPgError(e)) throw fromPg(e, auth.role);
      throw e;
    }
  }

  function aggregate(inner: string, media: Media): string {
    const row = media.stripNulls ? 'json_strip_nulls(row_to_json(_r))' : '_r';
    return `select coalesce(json_agg(${row}), '[]')::text as body, count(*)::int as n from (${inner}) _r`;
  }

  function respond(c: Context, status: number, body: string, media: Media, extra: Record<string, string> = {}): Response {
    if (media.single) {
      // exactly one row or nothing (PostgREST rolls mutations back before this point)
      const obj = body.slice(1, -1);
      return c.body(obj, status as ContentfulStatusCode, { 'Content-Type': 'application/vnd.pgrst.object+json; charset=utf-8', ...extra });
    }
    return c.body(body, status as ContentfulStatusCode, { 'Content-Type': 'application/json; charset=utf-8', ...extra });
  }

  function singleCheck(media: Media, n: number) {
    if (media.single && n !== 1) {
      throw new RestError(406, 'PGRST116', 'JSON object requested, multiple (or no) rows returned', `The result contains ${n} rows`);
    }
  }

  app.all('/', (c) => fail(c, new RestError(404, 'PGRST125', 'The OpenAPI description is not served by this server')));
  app.all('/rpc/*', (c) => fail(c, new RestError(404, 'PGRST202', 'Functions (rpc) are not exposed by this server')));

  app.all('/:table', async (c) => {
    const method = c.req.method;
    try {
      const auth = await authenticateRequest(c, secrets.jwtSecret);
      if (isAuthFailure(auth)) {
        c.header('WWW-Authenticate', `Bearer error="invalid_token", error_description="${auth.message}"`);
        return c.json({ code: auth.code, details: null, hint: null, message: auth.message }, 401);
      }
      for (const h of ['accept-profile', 'content-profile']) {
        const v = c.req.header(h);
        if (v !== undefined && v !== 'public') throw new RestError(406, 'PGRST106', 'The schema must be one of the following: public');
      }
      if (!['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'].includes(method)) {
        throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
      }
      const media = parseAccept(c.req.header('accept'));
      const prefer = parsePrefer(c.req.header('prefer'));
      const q = parseQuery(new URL(c.req.url).searchParams);
      const t = await table(c.req.param('table'));

      if (method === 'GET' || method === 'HEAD') return await handleRead(c, auth, t, q, media, prefer);
      if (q.limit !== undefined || q.offset !== undefined || q.order.length) {
        throw new RestError(400, 'PGRST100', 'limit, offset and order are only supported when reading');
      }
      const ct = c.req.header('content-type');
      if ((method === 'POST' || method === 'PATCH') && ct && !/^application\/json\b/i.test(ct)) {
        throw new RestError(415, 'PGRST107', `Content-Type not acceptable: ${ct.slice(0, 100)}`, null, 'Send application/json');
      }
      if (method === 'POST') return await handleInsert(c, auth, t, q, media, prefer);
      if (method === 'PATCH') return await handleUpdate(c, auth, t, q, media, prefer);
      return await handleDelete(c, auth, t, q, media, prefer);
    } catch (e) {
      if (e instanceof RestError) return fail(c, e);
      console.error('rest: unexpected error', e);
      return fail(c, new RestError(500, 'PGRST000', 'Internal server error'));
    }
  });

  app.all('*', (c) => fail(c, new RestError(404, 'PGRST205', 'Not found: /rest/v1 serves /rest/v1/{table}')));

  async function handleRead(c: Context, auth: RequestAuth, t: TableInfo, q: ParsedQuery, media: Media, prefer: Prefer) {
    const p = new Params();
    const where = whereSql(t, q.filters, p);
    const cols = selectSql(t, q.select);
    let limit = q.limit;
    let offset = q.offset ?? 0;
    const maxRows = opts.maxRows ?? 1000;
    const range = c.req.header('range');
    if (range) {
      const m = /^(?:items=)?(\d{1,9})-(\d{0,9})$/.exec(range.trim());
      if (!m) throw new RestError(416, 'PGRST103', 'Requested range not satisfiable', `Range: ${range.slice(0, 50)}`);
      offset = Number(m[1]);
      if (m[2]) {
        const rangeLimit = Number(m[2]) - offset + 1;
        if (rangeLimit < 0) throw new RestError(416, 'PGRST103', 'Requested range not satisfiable');
        limit = limit === undefined ? rangeLimit : Math.min(limit, rangeLimit);
      }
    }
    limit = limit === undefined ? maxRows : Math.min(limit, maxRows);
    const inner =
      `select ${cols} from public.${qi(t.name)}${where}${orderSql(t, q.order)}` +
      ` limit ${limit}` +
      (offset ? ` offset ${offset}` : '');
    const sql = aggregate(inner, media);
    const { body, n, total } = await run(auth, c.req.method, async (tx) => {
      const r = await tx.query<{ body: string; n: number }>(sql, p.values);
      let total: number | undefined;
      if (prefer.count) {
        const cp = new Params();
        const cr = await tx.query<{ n: number }>(`select count(*)::int as n from public.${qi(t.name)}${whereSql(t, q.filters, cp)}`, cp.values);
        total = cr.rows[0]?.n ?? 0;
      }
      return { body: r.rows[0]?.body ?? '[]', n: r.rows[0]?.n ?? 0, total };
    });
    singleCheck(media, n);
    const contentRange = `${n > 0 ? `${offset}-${offset + n - 1}` : '*'}/${total ?? '*'}`;
    return respond(c, 200, body, media, { 'Content-Range': contentRange });
  }

  async function readBody(c: Context): Promise<unknown> {
    const body = await readJson(c);
    if (!body.ok) throw new RestError(400, 'PGRST102', 'Empty or invalid json', body.message);
    if (body.empty) throw new RestError(400, 'PGRST102', 'Empty or invalid json', 'The request body is empty');
    return body.value;
  }

  async function handleInsert(c: Context, auth: RequestAuth, t: TableInfo, q: ParsedQuery, media: Media, prefer: Prefer) {
    const value = await readBody(c);
    const rows = Array.isArray(value) ? value : [value];
    if (!rows.every(isPlainObject)) throw new RestError(400, 'PGRST102', 'Expected a JSON object or an array of JSON objects');
    if (rows.length > MAX_ROWS_PER_REQUEST) throw new RestError(413, 'PGRST413', `At most ${MAX_ROWS_PER_REQUEST} rows per request`);
    if (rows.length === 0) return respond(c, 201, '[]', { ...media, single: false });
    let columns: string[];
    if (q.columns) {
      columns = [...new Set(q.columns)];
    } else {
      columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
    }
    for (const col of columns) {
      if (!t.columns.has(col)) throw new RestError(400, 'PGRST204', `Could not find the '${col.slice(0, 63)}' column of '${t.name}' in the schema cache`);
    }
    const p = new Params();
    let insert: string;
    if (columns.length === 0) {
      if (rows.length > 1) throw new RestError(400, 'PGRST102', 'Objects without keys can only be inserted one at a time');
      insert = `insert into public.${qi(t.name)} default values`;
    } else {
      const values = rows.map((r) => {
        const cells = columns.map((col) => {
          const type = checkColumn(t, col);
          if (!(col in r)) return prefer.missingDefault ? 'default' : 'null';
          return `${p.add(toParam(r[col], type, col))}::${type}`;
        });
        return `(${cells.join(', ')})`;
      });
      insert = `insert into public.${qi(t.name)} (${columns.map(qi).join(', ')}) values ${values.join(', ')}`;
    }
    if (prefer.resolution) {
      const target = q.onConflict ?? t.primaryKey;
      if (target.length === 0) throw new RestError(400, 'PGRST100', 'on_conflict is required for this table');
      target.forEach((col) => checkColumn(t, col));
      const updatable = columns.filter((col) => !target.includes(col));
      if (prefer.resolution === 'ignore-duplicates' || updatable.length === 0) {
        insert += ` on conflict (${target.map(qi).join(', ')}) do nothing`;
      } else {
        insert += ` on conflict (${target.map(qi).join(', ')}) do update set ${updatable.map((col) => `${qi(col)} = excluded.${qi(col)}`).join(', ')}`;
      }
    } else if (q.onConflict) {
      q.onConflict.forEach((col) => checkColumn(t, col));
    }
    return mutate(c, auth, t, q, media, prefer, insert, 201, p);
  }

  async function handleUpdate(c: Context, auth: RequestAuth, t: TableInfo, q: ParsedQuery, media: Media, prefer: Prefer) {
    const value = await readBody(c);
    if (!isPlainObject(value)) throw new RestError(400, 'PGRST102', 'Expected a JSON object');
    if (q.filters.length === 0) throw new RestError(400, '21000', 'UPDATE requires a WHERE clause', null, 'Add a filter, e.g. id=eq.<id>');
    const keys = Object.keys(value);
    const p = new Params();
    for (const k of keys) {
      if (!t.columns.has(k)) throw new RestError(400, 'PGRST204', `Could not find the '${k.slice(0, 63)}' column of '${t.name}' in the schema cache`);
    }
    if (keys.length === 0) return prefer.return === 'representation' ? respond(c, 200, '[]', { ...media, single: false }) : c.body(null, 204);
    const sets = keys.map((k) => `${qi(k)} = ${p.add(toParam(value[k], checkColumn(t, k), k))}::${checkColumn(t, k)}`);
    const where = whereSql(t, q.filters, p);
    return mutate(c, auth, t, q, media, prefer, `update public.${qi(t.name)} set ${sets.join(', ')}${where}`, 200, p);
  }

  async function handleDelete(c: Context, auth: RequestAuth, t: TableInfo, q: ParsedQuery, media: Media, prefer: Prefer) {
    if (q.filters.length === 0) throw new RestError(400, '21000', 'DELETE requires a WHERE clause', null, 'Add a filter, e.g. id=eq.<id>');
    const p = new Params();
    const where = whereSql(t, q.filters, p);
    return mutate(c, auth, t, q, media, prefer, `delete from public.${qi(t.name)}${where}`, 200, p);
  }

  /** Runs a mutation; with return=representation (or a single-object Accept) returns the rows. */
  async function mutate(c: Context, auth: RequestAuth, t: TableInfo, q: ParsedQuery, media: Media, prefer: Prefer, stmt: string, okStatus: 200 | 201, p: Params) {
    const representation = prefer.return === 'representation';
    const values = p.values;
    const result = await run(auth, c.req.method, async (tx) => {
      if (representation || media.single) {
        const cols = representation ? selectSql(t, q.select) : '1';
        const sql = `with _m as (${stmt} returning ${cols}) ${aggregate('select * from _m', media)}`;
        const r = await tx.query<{ body: string; n: number }>(sql, values);
        const n = r.rows[0]?.n ?? 0;
        singleCheck(media, n); // throws inside the transaction: rolled back like PostgREST
        return { body: r.rows[0]?.body ?? '[]', n };
      }
      const r = await tx.query(stmt, values);
      return { body: '', n: r.rowCount };
    });
    const headers: Record<string, string> = {};
    if (prefer.count) headers['Content-Range'] = `*/${result.n}`;
    if (prefer.resolution) headers['Preference-Applied'] = `resolution=${prefer.resolution}`;
    if (!representation) {
      const status = okStatus === 201 ? 201 : 204;
      return c.body(null, status, headers);
    }
    return respond(c, okStatus, result.body, media, headers);
  }

  return app;
}
