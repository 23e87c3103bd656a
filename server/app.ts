import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { cors } from 'hono/cors';
import { healthHandler } from './api/handlers/health';
import type { ApiOptions } from './api/options';
import { apiError } from './api/respond';
import { apiRoutes } from './api/routes';
import { authRoutes } from './auth/routes';
import type { Db } from './db/types';
import { requestOrigin } from './http';
import type { RateLimit } from './rate-limit';
import { restRoutes } from './rest/routes';
import type { Secrets } from './secrets';
import { staticHandler } from './static';

export interface PneumaServerOptions {
  db: Db;
  secrets: Secrets;
  /** Built front end; null = do not serve one (API-only). Default 'dist'. */
  distDir?: string | null;
  /** Access-token lifetime in seconds (default 3600). */
  jwtExpSeconds?: number;
  /** Per client IP. Defaults: sign-up 100 per hour, token 300 per 5 minutes. limit 0 = off. */
  rateLimits?: { signup?: RateLimit; token?: RateLimit };
  /** Extra origins allowed by CORS besides the server's own. */
  corsOrigins?: string[];
  /** More /api routes (e.g. AI analysis), registered before the JSON 404. */
  extendApi?: ApiOptions['extend'];
  /** Most rows one /rest/v1 read returns (default 1000, as Supabase). */
  maxRows?: number;
  /** Grace period for presenting a just-rotated refresh token again (default 10 s; 0 = strict). */
  refreshReuseSeconds?: number;
  /** Trust X-Forwarded-For/-Proto/-Host (only behind your own reverse proxy). */
  trustProxy?: boolean;
  version?: string;
}

export interface PneumaServer {
  app: Hono;
  /** Closes the database given in the options. */
  close(): Promise<void>;
}

export const DEFAULT_RATE_LIMITS = {
  signup: { limit: 100, windowMs: 3600_000 },
  token: { limit: 300, windowMs: 300_000 },
} as const satisfies Record<string, RateLimit>;

export const BODY_LIMITS = { auth: 64 * 1024, rest: 1024 * 1024, errors: 256 * 1024 } as const;

export function createPneumaServer(opts: PneumaServerOptions): PneumaServer {
  const { db, secrets } = opts;
  const trustProxy = opts.trustProxy ?? false;
  const allowed = new Set(opts.corsOrigins ?? []);
  const app = new Hono();

  app.onError((err, c) => {
    console.error(`${c.req.method} ${c.req.path}: unexpected error`, err);
    return c.json({ error: 'internal_error', message: 'Internal server error' }, 500);
  });

  app.use('*', async (c, next) => {
    await next();
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
    if (!c.res.headers.has('Referrer-Policy')) c.res.headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  });

  const corsMw = cors({
    origin: (origin, c) => (origin === requestOrigin(c, trustProxy) || allowed.has(origin) ? origin : null),
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowHeaders: [
      'authorization',
      'apikey',
      'content-type',
      'prefer',
      'range',
      'accept',
      'accept-profile',
      'content-profile',
      'x-client-info',
      'x-supabase-api-version',
    ],
    exposeHeaders: ['content-range', 'preference-applied', 'retry-after', 'x-supabase-api-version'],
    maxAge: 600,
  });
  for (const p of ['/auth/*', '/rest/*', '/api/*', '/config.json', '/health']) app.use(p, corsMw);

  const limit = (maxSize: number, onTooBig: Parameters<typeof bodyLimit>[0]['onError']) => bodyLimit({ maxSize, onError: onTooBig });
  app.use(
    '/auth/*',
    limit(BODY_LIMITS.auth, (c) => c.json({ code: 413, error_code: 'request_too_large', msg: 'Request body too large' }, 413)),
  );
  app.use(
    '/rest/*',
    limit(BODY_LIMITS.rest, (c) =>
      c.json({ code: 'PGRST413', message: 'Request body too large', details: `At most ${BODY_LIMITS.rest} bytes`, hint: null }, 413),
    ),
  );
  app.use('/api/errors', limit(BODY_LIMITS.errors, (c) => apiError(c, 413, 'payload_too_large', `The body is larger than ${BODY_LIMITS.errors} bytes`)));

  app.get('/config.json', (c) => {
    const origin = requestOrigin(c, trustProxy);
    return c.json({ supabaseUrl: origin, supabaseAnonKey: secrets.anonKey, apiUrl: origin }, 200, { 'Cache-Control': 'no-cache' });
  });

  const api = apiRoutes({ db, secrets, version: opts.version ?? '0.1.0', extend: opts.extendApi });
  app.route('/auth/v1', authRoutes({
    db,
    secrets,
    jwtExpSeconds: opts.jwtExpSeconds ?? 3600,
    signupLimit: opts.rateLimits?.signup ?? DEFAULT_RATE_LIMITS.signup,
    tokenLimit: opts.rateLimits?.token ?? DEFAULT_RATE_LIMITS.token,
    trustProxy,
    refreshReuseSeconds: opts.refreshReuseSeconds ?? 10,
  }));
  app.route('/rest/v1', restRoutes({ db, secrets, maxRows: opts.maxRows }));
  app.route('/api', api);
  app.get('/health', healthHandler(db, opts.version ?? '0.1.0'));
  // /auth and /auth?context=… are app screens: only /auth/v1 belongs to the backend.
  for (const prefix of ['/auth/v1', '/rest', '/api']) {
    app.all(`${prefix}/*`, (c) => c.json({ error: 'not_found', message: `No endpoint ${c.req.method} ${c.req.path}` }, 404));
    app.all(prefix, (c) => c.json({ error: 'not_found', message: `No endpoint ${c.req.method} ${c.req.path}` }, 404));
  }

  if (opts.distDir !== null) app.all('*', compress(), staticHandler(opts.distDir ?? 'dist'));
  else app.all('*', (c) => c.text('Not Found', 404));

  return {
    app,
    close: () => db.close(),
  };
}
