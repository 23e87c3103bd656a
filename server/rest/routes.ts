import { Hono } from 'hono';
import type { RestDeps, RestOptions } from './call';
import { RestError } from './errors';
import { handleTable } from './handlers/table';
import { fail } from './respond';
import { TableCache } from './table-cache';

/**
 * /rest/v1/{table}: the subset of PostgREST that supabase-js emits. Every request runs
 * in one transaction as the JWT's role with request.jwt.claims set, so grants and
 * row-level-security policies decide what the caller may see and change.
 * One handler per method, in ./handlers.
 */
export function restRoutes(opts: RestOptions): Hono {
  const deps: RestDeps = { ...opts, tables: new TableCache(opts.db) };
  const app = new Hono();
  app.all('/', (c) =>
    fail(c, new RestError(404, 'PGRST125', 'The OpenAPI description is not served by this server')),
  );
  app.all('/rpc/*', (c) =>
    fail(c, new RestError(404, 'PGRST202', 'Functions (rpc) are not exposed by this server')),
  );
  app.all('/:table', (c) => handleTable(c, deps));
  app.all('*', (c) =>
    fail(c, new RestError(404, 'PGRST205', 'Not found: /rest/v1 serves /rest/v1/{table}')),
  );
  return app;
}
