import { Hono } from 'hono';
import { ACCOUNT_API } from '../../src/contracts/account';
import { ERROR_REPORTS_API } from '../../src/contracts/errorReports';
import { HEALTH_API } from '../../src/contracts/health';
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
  app.on(HEALTH_API.backend.method, HEALTH_API.backend.path, healthHandler(db, opts.version));
  app.on(HEALTH_API.vision.method, HEALTH_API.vision.path, visionHealth);
  app.on(ERROR_REPORTS_API.send.method, ERROR_REPORTS_API.send.path, (c) => postErrors(c, opts));
  app.on(ACCOUNT_API.delete.method, ACCOUNT_API.delete.path, (c) => deleteAccount(c, opts));
  opts.extend?.(app, { db, secrets });
  app.all('*', (c) =>
    apiError(c, 404, 'not_found', `No API endpoint ${c.req.method} ${c.req.path}`),
  );
  return app;
}
