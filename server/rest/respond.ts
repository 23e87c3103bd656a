import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { RestError } from './errors';
import type { Media } from './headers';
import { noteTimedOut } from './read-limits';

/** PostgREST's error answer; a 503 (database busy, restarting, statement timeout) says when to retry. */
export function fail(c: Context, e: RestError): Response {
  if (e.status === 503) c.header('Retry-After', '1');
  // the caller's read limit is charged for it afterwards (limits/middleware.ts)
  if (e.code === '57014') noteTimedOut(c.req.raw);
  return c.json(e.toJSON(), e.status as ContentfulStatusCode);
}

/** Wraps a row query so Postgres builds the JSON body and counts the rows. */
export function aggregate(inner: string, media: Media): string {
  const row = media.stripNulls ? 'json_strip_nulls(row_to_json(_r))' : '_r';
  return `select coalesce(json_agg(${row}), '[]')::text as body, count(*)::int as n from (${inner}) _r`;
}

/** Sends a JSON array body, or its one object when a single object was asked for. */
export function respond(
  c: Context,
  status: number,
  body: string,
  media: Media,
  extra: Record<string, string> = {},
): Response {
  if (media.single) {
    // exactly one row or nothing (PostgREST rolls mutations back before this point)
    const obj = body.slice(1, -1);
    return c.body(obj, status as ContentfulStatusCode, {
      'Content-Type': 'application/vnd.pgrst.object+json; charset=utf-8',
      ...extra,
    });
  }
  return c.body(body, status as ContentfulStatusCode, {
    'Content-Type': 'application/json; charset=utf-8',
    ...extra,
  });
}

/** A single-object answer needs exactly one row (406 PGRST116 otherwise). */
export function singleCheck(media: Media, n: number): void {
  if (media.single && n !== 1) {
    throw new RestError(
      406,
      'PGRST116',
      'JSON object requested, multiple (or no) rows returned',
      `The result contains ${n} rows`,
    );
  }
}
