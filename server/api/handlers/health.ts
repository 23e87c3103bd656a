import type { Context } from 'hono';
import type { HealthAnswer } from '../../../src/contracts/health';
import type { Db } from '../../db/types';

/** GET/HEAD /health and /api/health: the server and its database (503 when it fails). */
export function healthHandler(db: Db, version: string) {
  return async (c: Context) => {
    let database: HealthAnswer['database'] = 'ok';
    try {
      await db.query('select 1');
    } catch {
      database = 'unreachable';
    }
    const ok = database === 'ok';
    return c.json(
      {
        status: ok ? 'ok' : 'degraded',
        database,
        backend: db.kind,
        version,
        time: new Date().toISOString(),
      } satisfies HealthAnswer,
      ok ? 200 : 503,
      { 'Cache-Control': 'no-store' },
    );
  };
}

/** GET /api/health/vision: there is no vision service; the camera is analysed on the device. */
export function visionHealth(c: Context): Response {
  return c.json(
    {
      status: 'unavailable',
      configured: false,
      message:
        'No vision service is configured on this server. Camera stillness is analyzed on the device.',
    },
    503,
    { 'Cache-Control': 'no-store' },
  );
}
