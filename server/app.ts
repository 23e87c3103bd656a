import { Hono } from 'hono';
import { aiConfigFromEnv, coachRoutes, type AiConfig } from './coach/routes';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { cors } from 'hono/cors';
import { healthHandler } from './api/handlers/health';
import type { ApiOptions } from './api/options';
import { apiError } from './api/respond';
import { apiRoutes } from './api/routes';
import { visionRoutes } from './api/vision/routes';
import { SessionCheck } from './auth/revocation';
import { authRoutes } from './auth/routes';
import { callerMiddleware } from './auth/request-caller';
import { sessionGuard } from './auth/session-guard';
import type { Db } from './db/types';
import { securityHeaders } from './headers/security-headers';
import { requestOrigin } from './http';
import { compilePublicOrigins, originAnswer, originGuard } from './net/public-origin';
import { Limits } from './limits/limiter';
import { rateLimitMiddleware } from './limits/middleware';
import { RATE_RULES } from './limits/rules';
import type { RateRules } from './limits/rules';
import { tokenRoutes } from './tokens/routes';
import { marketplaceRoutes } from './marketplace/routes';
import { createMailer } from './mail/mailer';
import type { Mailer } from './mail/mailer';
import { compileProxyTrust } from './net/client-address';
import { restBodyLimit } from './rest/body';
import type { StatementTimeouts } from './rest/read-limits';
import { restRoutes } from './rest/routes';
import { unavailableAnswer } from './unavailable';
import type { Secrets } from './secrets';
import { communityRoutes } from './community/routes';
import { instructorRoutes } from './instructor/routes';
import { pushRoutes } from './push/routes';
import { PushScheduler } from './push/scheduler';
import { vapidSubject } from './push/send';
import { togetherRoutes } from './together/routes';
import { staticHandler } from './static';
import { syncRoutes } from './sync/routes';
import { walletRoutes } from './wallet/routes';
import { COACH_MOUNT } from '../src/contracts/coach';
import { API_PREFIX } from '../src/contracts/endpoint';
import { VISION_MOUNT } from '../src/contracts/vision';

export interface PneumaServerOptions {
  db: Db;
  secrets: Secrets;
  /** Built front end; null = do not serve one (API-only). Default 'dist'. */
  distDir?: string | null;
  /** Access-token lifetime in seconds (default 3600). */
  jwtExpSeconds?: number;
  /** Abuse limits per rule (limits/rules.ts has them and their defaults); limit 0 = off. */
  rateLimits?: Partial<RateRules>;
  /** Extra origins allowed by CORS besides the server's own. */
  corsOrigins?: string[];
  /**
   * The public origin (scheme://host[:port]) every absolute URL is built on: mailed links, the
   * JWT iss, token images. Default: none, and the server answers only for localhost, 127.0.0.1
   * and [::1] on the port a request arrived on. Requests for any other host get 400.
   */
  publicUrl?: string;
  /** Other origins the same app is served on (needs publicUrl). */
  publicAliases?: readonly string[];
  /** More /api routes (e.g. AI analysis), registered before the JSON 404. */
  extendApi?: ApiOptions['extend'];
  /** Most rows one /rest/v1 read returns (default 1000, as Supabase). */
  maxRows?: number;
  /** Most bytes of one /rest/v1 read's JSON body (default 16 MiB; server/rest/read-limits.ts). */
  maxResponseBytes?: number;
  /** /rest/v1 statement timeouts for the anon key and for users (default 3 s and 15 s). */
  statementTimeouts?: StatementTimeouts;
  /** Grace period for presenting a just-rotated refresh token again (default 10 s; 0 = strict). */
  refreshReuseSeconds?: number;
  /**
   * Reverse proxies trusted to set X-Forwarded-For/-Proto/-Host: addresses, subnets or
   * loopback / linklocal / uniquelocal (proxy-addr); true = loopback. Default: none.
   */
  trustProxy?: boolean | string | readonly string[];
  /** Account mail (default: console lines only). */
  mailer?: Mailer;
  /** Sign-up needs the mailed confirmation link first (default false: the embedded single-user install). */
  confirmSignup?: boolean;
  /** Lifetime of mailed links and codes in seconds (default 3600). */
  otpExpirySeconds?: number;
  /** Origins the app may connect to besides its own (Content-Security-Policy connect-src). */
  connectSrc?: readonly string[];
  version?: string;
  /** AI analysis providers (default: from PNEUMA_AI_* in the environment; see server/README.md). */
  ai?: AiConfig;
  /**
   * Push reminders (server/push; on when secrets.vapid is set): the VAPID subject (default
   * from publicUrl or mailFrom), loopback endpoints (plain http too) for tests and a local
   * push service (never in production: the scheduler otherwise refuses every non-public
   * address), the scheduler's longest sleep (0 = no scheduler).
   */
  push?: { subject?: string; mailFrom?: string; allowLoopbackHttp?: boolean; tickMs?: number };
}

export interface PneumaServer {
  app: Hono;
  /** The database given in the options. */
  db: Db;
  /** The abuse limits' counters (flush() sends what is counted in memory to the database). */
  limits: Limits;
  /** Sends due push reminders (null without VAPID keys). */
  push: PushScheduler | null;
  /** Sends the limits' last counts, then closes the database given in the options. */
  close(): Promise<void>;
}

export const BODY_LIMITS = { auth: 64 * 1024, rest: 1024 * 1024, errors: 256 * 1024, api: 1024 * 1024 } as const;

export function createPneumaServer(opts: PneumaServerOptions): PneumaServer {
  const { db, secrets } = opts;
  const trustProxy = compileProxyTrust(opts.trustProxy);
  const limits = new Limits(db, { ...RATE_RULES, ...opts.rateLimits });
  const sessions = new SessionCheck(db);
  const allowed = new Set(opts.corsOrigins ?? []);
  const origins = compilePublicOrigins(opts.publicUrl, opts.publicAliases);
  const app = new Hono();

  app.onError((err, c) => {
    const unavailable = unavailableAnswer(err, c);
    if (unavailable) return unavailable;
    console.error(`${c.req.method} ${c.req.path}: unexpected error`, err);
    return c.json({ error: 'internal_error', message: 'Internal server error' }, 500);
  });

  // Before anything else: a request for a host that is not ours gets 400 (no URL is built from it).
  app.use('*', originGuard(origins, trustProxy));
  app.use('*', securityHeaders({ connectSrc: opts.connectSrc }));

  const corsMw = cors({
    origin: (origin, c) => {
      const own = originAnswer(c);
      return (own.ok && origin === own.origin) || origins.all.includes(origin) || allowed.has(origin) ? origin : null;
    },
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
  // Who is calling: resolved once per request, when first asked (auth/request-caller.ts).
  for (const p of ['/auth/v1/*', '/rest/*', '/api/*']) app.use(p, callerMiddleware(secrets.jwtSecret, sessions));
  // Abuse limits of every write path and /rest/v1 read, then refusal of tokens whose session has ended.
  for (const p of ['/auth/v1/*', '/rest/*', '/api/*']) app.use(p, rateLimitMiddleware(limits, trustProxy, secrets.jwtSecret));
  for (const p of ['/rest/*', '/api/*']) app.use(p, sessionGuard(secrets.jwtSecret));

  const limit = (maxSize: number, onTooBig: Parameters<typeof bodyLimit>[0]['onError']) => bodyLimit({ maxSize, onError: onTooBig });
  app.use(
    '/auth/*',
    limit(BODY_LIMITS.auth, (c) => c.json({ code: 413, error_code: 'request_too_large', msg: 'Request body too large' }, 413)),
  );
  app.use(
    '/rest/*',
    restBodyLimit(BODY_LIMITS.rest, (c) =>
      c.json({ code: 'PGRST413', message: 'Request body too large', details: `At most ${BODY_LIMITS.rest} bytes`, hint: null }, 413),
    ),
  );
  app.use('/api/errors', limit(BODY_LIMITS.errors, (c) => apiError(c, 413, 'payload_too_large', `The body is larger than ${BODY_LIMITS.errors} bytes`)));
  app.use('/api/*', limit(BODY_LIMITS.api, (c) => apiError(c, 413, 'payload_too_large', `The body is larger than ${BODY_LIMITS.api} bytes`)));

  app.get('/config.json', (c) => {
    const origin = requestOrigin(c);
    return c.json({ supabaseUrl: origin, supabaseAnonKey: secrets.anonKey, apiUrl: origin }, 200, { 'Cache-Control': 'no-cache' });
  });

  const api = apiRoutes({ db, secrets, version: opts.version ?? '0.1.0', extend: opts.extendApi, limits, sessions, trust: trustProxy });
  app.route(
    '/auth/v1',
    authRoutes({
      db,
      secrets,
      jwtExpSeconds: opts.jwtExpSeconds ?? 3600,
      limits,
      sessions,
      trust: trustProxy,
      mailer: opts.mailer ?? createMailer(),
      confirmSignup: opts.confirmSignup ?? false,
      otpExpirySeconds: opts.otpExpirySeconds ?? 3600,
      redirectOrigins: [...allowed],
      refreshReuseSeconds: opts.refreshReuseSeconds ?? 10,
    }),
  );
  app.route('/rest/v1', restRoutes({ db, secrets, maxRows: opts.maxRows, maxResponseBytes: opts.maxResponseBytes, timeouts: opts.statementTimeouts }));
  app.route('/api', communityRoutes({ db, secrets }));
  app.route('/api', instructorRoutes({ db, secrets }));
  app.route('/api', marketplaceRoutes({ db, secrets }));
  app.route('/api', togetherRoutes({ db, secrets, limits, trust: trustProxy }));
  app.route('/api', tokenRoutes({ db, secrets }));
  app.route('/api', walletRoutes({ db, secrets }));
  let push: PushScheduler | null = null;
  app.route('/api', pushRoutes({ db, secrets, allowLoopbackHttp: opts.push?.allowLoopbackHttp, onSaved: (at) => push?.nudge(at) }));
  app.route('/api', syncRoutes({ db, secrets }));
  app.route(`${API_PREFIX}${COACH_MOUNT}`, coachRoutes({ jwtSecret: secrets.jwtSecret, config: opts.ai ?? aiConfigFromEnv(process.env), limits }));
  app.route(`${API_PREFIX}${VISION_MOUNT}`, visionRoutes({ db, secrets }));
  app.route('/api', api);
  app.get('/health', healthHandler(db, opts.version ?? '0.1.0'));
  // /auth and /auth?context=… are app screens: only /auth/v1 belongs to the backend.
  for (const prefix of ['/auth/v1', '/rest', '/api']) {
    app.all(`${prefix}/*`, (c) => c.json({ error: 'not_found', message: `No endpoint ${c.req.method} ${c.req.path}` }, 404));
    app.all(prefix, (c) => c.json({ error: 'not_found', message: `No endpoint ${c.req.method} ${c.req.path}` }, 404));
  }

  if (opts.distDir !== null) app.all('*', compress(), staticHandler(opts.distDir ?? 'dist'));
  else app.all('*', (c) => c.text('Not Found', 404));

  push = secrets.vapid
    ? new PushScheduler({
        db,
        vapid: secrets.vapid,
        subject: opts.push?.subject ?? vapidSubject(opts.publicUrl, opts.push?.mailFrom),
        allowLoopback: opts.push?.allowLoopbackHttp,
        log: (m) => console.warn(m),
      })
    : null;
  if (push && opts.push?.tickMs !== 0) push.start(opts.push?.tickMs);

  return {
    app,
    db,
    limits,
    push,
    close: async () => {
      await push?.stop().catch(() => undefined);
      await limits.close().catch(() => undefined);
      await db.close();
    },
  };
}
