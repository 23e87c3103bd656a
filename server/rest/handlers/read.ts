import { qi } from '../catalog';
import type { RestCall } from '../call';
import { RestError } from '../errors';
import { orderSql, Params, selectSql, whereSql } from '../query';
import { DEFAULT_MAX_RESPONSE_BYTES, tooLarge } from '../read-limits';
import { aggregate, respond, singleCheck } from '../respond';
import { runBatchAs } from '../transaction';

const DEFAULT_MAX_ROWS = 1000;

/** Offset and limit from the query, narrowed by a `Range` header and the max-rows cap. */
export function readWindow(
  range: string | undefined,
  limit: number | undefined,
  offset: number | undefined,
  maxRows: number,
): { limit: number; offset: number } {
  let from = offset ?? 0;
  let count = limit;
  if (range) {
    const m = /^(?:items=)?(\d{1,9})-(\d{0,9})$/.exec(range.trim());
    if (!m) {
      throw new RestError(
        416,
        'PGRST103',
        'Requested range not satisfiable',
        `Range: ${range.slice(0, 50)}`,
      );
    }
    from = Number(m[1]);
    if (m[2]) {
      const rangeLimit = Number(m[2]) - from + 1;
      if (rangeLimit < 0) throw new RestError(416, 'PGRST103', 'Requested range not satisfiable');
      count = count === undefined ? rangeLimit : Math.min(count, rangeLimit);
    }
  }
  return { limit: count === undefined ? maxRows : Math.min(count, maxRows), offset: from };
}

/**
 * The page's JSON body unless it passes `cap` bytes: then Postgres answers its size alone
 * (octet_length of the built text costs nothing more), and nothing large crosses to the server.
 */
function capped(aggregated: string, cap: number): string {
  return `select case when octet_length(body) > ${cap} then null else body end as body, n, octet_length(body) as bytes from (${aggregated}) _a`;
}

/**
 * PostgREST's status for a read: with a known total (any `Prefer: count=`), 206 Partial
 * Content when the rows sent are fewer than the total, 200 otherwise; without one, 200.
 */
export function rangeStatus(sent: number, total: number | undefined): 200 | 206 {
  return total !== undefined && sent < total ? 206 : 200;
}

/** GET and HEAD: select with filters, order and a window; Content-Range tells the slice. */
export async function handleRead(call: RestCall): Promise<Response> {
  const { c, table: t, query: q, media, prefer } = call;
  const p = new Params(true);
  const where = whereSql(t, q.filters, p);
  const { limit, offset } = readWindow(
    c.req.header('range'),
    q.limit,
    q.offset,
    call.deps.maxRows ?? DEFAULT_MAX_ROWS,
  );
  const inner =
    `select ${selectSql(t, q.select)} from public.${qi(t.name)}${where}${orderSql(t, q.order)}` +
    ` limit ${limit}` +
    (offset ? ` offset ${offset}` : '');
  const cap = call.deps.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const statements = [capped(aggregate(inner, media), cap)];
  if (prefer.count) statements.push(`select count(*)::int as n from public.${qi(t.name)}${where}`);
  const [page, counted] = await runBatchAs(call.deps.db, call.auth, c.req.method, statements, call.deps.timeouts);
  const bytes = (page?.rows[0]?.bytes as number | undefined) ?? 0;
  if (bytes > cap) throw tooLarge(bytes, cap);
  const body = (page?.rows[0]?.body as string | undefined) ?? '[]';
  const n = (page?.rows[0]?.n as number | undefined) ?? 0;
  const total = counted ? ((counted.rows[0]?.n as number | undefined) ?? 0) : undefined;
  singleCheck(media, n);
  const contentRange = `${n > 0 ? `${offset}-${offset + n - 1}` : '*'}/${total ?? '*'}`;
  return respond(c, rangeStatus(n, total), body, media, { 'Content-Range': contentRange });
}
