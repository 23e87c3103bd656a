import { Hono } from 'hono';
import { deleteAccount } from './handlers/account';
import { postErrors } from './handlers/errors';
import { healthHandler, visionHealth } from './handlers/health';
import type { ApiOptions } from './options';
import { apiError } from './respond';

/**
 * /api: health, error reports, account deletion. Sessions and patterns are not here:
 * the app uploads them to /rest/v1 (PostgREST upserts keyed by the client-made id).
 */
export function apiRoutes(opts: ApiOptions): Hono {
  const { db, secrets } = opts;
  const app = new Hono();
  app.get('/health', healthHandler(db, opts.version));
  app.get('/health/vision', visionHealth);
  app.post('/errors', (c) => postErrors(c, opts));
  app.delete('/account', (c) => deleteAccount(c, opts));
  opts.extend?.(app, { db, secrets });
  app.all('*', (c) =>
    apiError(c, 404, 'not_found', `No API endpoint ${c.req.method} ${c.req.path}`),
  );
  return app;
}
