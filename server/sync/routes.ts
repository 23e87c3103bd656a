import { Hono } from 'hono';
import { apiWho, SIGNED_IN } from '../api/respond';
import type { Db } from '../db/types';
import type { Secrets } from '../secrets';
import { SYNC_API, type SyncChangesResponse } from '../../src/contracts/syncChanges';

export interface SyncDeps {
  db: Db;
  secrets: Secrets;
}

/**
 * GET /api/sync/changes: the caller's change counter per synced table (src/contracts/
 * syncChanges.ts). Read by the server for the verified caller only; the counters say
 * nothing but how often the caller's own rows were written.
 */
export function syncRoutes(deps: SyncDeps): Hono {
  const app = new Hono();
  app.on(SYNC_API.changes.method, SYNC_API.changes.path, async (c) => {
    const who = await apiWho(c, deps.secrets.jwtSecret, SIGNED_IN);
    if (who instanceof Response) return who;
    const { rows } = await deps.db.query<{ table_name: string; version: string | number }>(
      'select table_name, version from public.sync_versions where user_id = $1',
      [who.userId],
    );
    const body: SyncChangesResponse = {
      versions: Object.fromEntries(rows.map((r) => [r.table_name, Number(r.version)])),
    };
    return c.json(body, 200, { 'Cache-Control': 'no-store' });
  });
  return app;
}
