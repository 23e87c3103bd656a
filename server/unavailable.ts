import type { Context } from 'hono';
import { isPgError } from './db/types';

/**
 * A database that is busy, restarting or stopped a statement at its timeout is a 503 to retry,
 * not a 500, wherever the error surfaces (a middleware's session check included): Postgres's
 * classes 08 (connection), 53 (insufficient resources) and 57 (operator intervention: statement
 * timeout, restart). The body takes each API's error shape.
 */
export function unavailableAnswer(err: unknown, c: Context): Response | null {
  if (!isPgError(err) || !/^(08|53|57)/.test(err.code ?? '')) return null;
  c.header('Retry-After', '1');
  const path = c.req.path;
  if (path.startsWith('/rest/')) return c.json({ code: err.code, message: err.message, details: err.detail ?? null, hint: null }, 503);
  if (path.startsWith('/auth/')) return c.json({ code: 503, error_code: 'database_unavailable', msg: err.message }, 503);
  return c.json({ error: 'database_unavailable', message: err.message }, 503);
}
