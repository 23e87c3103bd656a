import { Hono } from 'hono';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { authenticateRequest, isAuthFailure } from '../auth/request-auth';
import type { RequestAuth } from '../auth/request-auth';
import type { Db } from '../db/types';
import { isPgError } from '../db/types';
import { readJson } from '../http';
import { requestSetup } from '../rest/transaction';
import type { Secrets } from '../secrets';

/** /api: health, session upload (spec 7), error reports, account deletion. */
export interface ApiOptions {
  db: Db;
  secrets: Secrets;
  version: string;
  /** Registers more /api routes (paths relative to /api) before the JSON 404. */
  extend?: (api: Hono, deps: { db: Db; secrets: Secrets }) => void;
}

export function apiError(c: Context, status: ContentfulStatusCode, error: string, message: string, field?: string) {
  return c.json({ error, message, ...(field !== undefined ? { field } : {}) }, status);
}

const timestamp = z.union([z.iso.datetime({ offset: true }), z.number().int().nonnegative().max(8.64e15)]).transform((v) => new Date(v).toISOString());
const score = z.number().min(0).max(100).nullable().optional();

/** Body of POST /api/sessions: the offline session of spec 3 plus its client-made id. */
export const sessionBody = z
  .object({
    id: z.uuid(),
    patternId: z.string().min(1).max(200).optional(),
    patternName: z.string().trim().min(1).max(200).optional(),
    /** seconds */
    duration: z.number().min(0).max(86_400),
    cycleCount: z.number().int().min(0).max(100_000).optional(),
    targetCycles: z.number().int().min(0).max(100_000).nullable().optional(),
    breathHoldTime: z.number().min(0).max(3600).nullable().optional(),
    restlessnessScore: score,
    stillnessScore: score,
    qualityScore: score,
    sessionType: z.string().max(50).nullable().optional(),
    cameraUsed: z.boolean().optional(),
    aiUsed: z.boolean().optional(),
    startTime: timestamp,
    endTime: timestamp,
    completed: z.boolean().optional(),
  })
  .superRefine((b, ctx) => {
    if (!b.patternName && !b.patternId) ctx.addIssue({ code: 'custom', path: ['patternName'], message: 'patternName or patternId is required' });
    if (b.endTime < b.startTime) ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'endTime must not be before startTime' });
  });

const report = z
  .object({
    message: z.string().min(1).max(4000),
    category: z.string().max(50).optional(),
    severity: z.enum(['low', 'medium', 'high', 'critical']).optional(),
    name: z.string().max(200).optional(),
    stack: z.string().max(20_000).optional(),
    url: z.string().max(2000).optional(),
    userAgent: z.string().max(1000).optional(),
    timestamp: z.union([z.string().max(100), z.number()]).optional(),
    context: z.record(z.string(), z.unknown()).optional(),
  })
  .loose();
const reportBatch = z.object({ reports: z.array(report).min(1).max(50) });

function firstIssue(err: z.ZodError): { field: string; message: string } {
  const issue = err.issues[0];
  const field = issue?.path.join('.') || '(body)';
  return { field, message: `${field}: ${issue?.message ?? 'invalid value'}` };
}

/** GET/HEAD /health and /api/health: the server and its database. */
export function healthHandler(db: Db, version: string) {
  return async (c: Context) => {
    let database = 'ok';
    try {
      await db.query('select 1');
    } catch {
      database = 'unreachable';
    }
    const ok = database === 'ok';
    return c.json(
      { status: ok ? 'ok' : 'degraded', database, backend: db.kind, version, time: new Date().toISOString() },
      ok ? 200 : 503,
      { 'Cache-Control': 'no-store' },
    );
  };
}

export function apiRoutes(opts: ApiOptions): Hono {
  const { db, secrets } = opts;
  const app = new Hono();

  app.get('/health', healthHandler(db, opts.version));
  app.get('/health/vision', (c) =>
    c.json(
      {
        status: 'unavailable',
        configured: false,
        message: 'No vision service is configured on this server. Camera stillness is analysed on the device.',
      },
      503,
      { 'Cache-Control': 'no-store' },
    ),
  );

  async function bearer(c: Context, roles: readonly string[]): Promise<RequestAuth | Response> {
    const auth = await authenticateRequest(c, secrets.jwtSecret);
    if (isAuthFailure(auth)) return apiError(c, 401, 'unauthorized', auth.message);
    if (!roles.includes(auth.role)) return apiError(c, 401, 'unauthorized', 'Sign in first: this needs a user access token');
    return auth;
  }

  async function body(c: Context): Promise<{ value: unknown } | Response> {
    const ct = c.req.header('content-type');
    if (ct && !/^application\/json\b/i.test(ct)) return apiError(c, 415, 'unsupported_media_type', 'Send the body as application/json');
    const b = await readJson(c);
    if (!b.ok) return apiError(c, 400, 'invalid_json', `The body is not valid JSON: ${b.message}`);
    if (b.empty) return apiError(c, 400, 'validation_failed', 'The request body is empty', '(body)');
    return { value: b.value };
  }

  app.post('/sessions', async (c) => {
    const auth = await bearer(c, ['authenticated']);
    if (auth instanceof Response) return auth;
    const b = await body(c);
    if (b instanceof Response) return b;
    const parsed = sessionBody.safeParse(b.value);
    if (!parsed.success) {
      const { field, message } = firstIssue(parsed.error);
      return apiError(c, 400, 'validation_failed', message, field);
    }
    const s = parsed.data;
    const row = [
      s.id,
      s.patternId ?? null,
      s.patternName ?? s.patternId,
      Math.round(s.duration),
      s.cycleCount ?? null,
      s.targetCycles ?? null,
      s.breathHoldTime ?? null,
      s.restlessnessScore ?? null,
      s.stillnessScore ?? null,
      s.qualityScore ?? null,
      s.sessionType ?? null,
      s.cameraUsed ?? false,
      s.aiUsed ?? false,
      s.startTime,
      s.endTime,
      s.completed ?? true,
    ];
    // created_at is when the session happened (its end), so history stays in order when an
    // offline session arrives days later; never in the future.
    try {
      const result = await db.transaction(async (tx) => {
        const ins = await tx.query<{ body: string }>(
          `with _m as (
             insert into public.sessions (id, pattern_id, pattern_name, session_duration, cycle_count, target_cycles, breath_hold_time,
               restlessness_score, stillness_score, quality_score, session_type, camera_used, ai_used, start_time, end_time, completed,
               created_at)
             values ($1::uuid, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14::timestamptz, $15::timestamptz, $16,
               least($15::timestamptz, now()))
             on conflict (id) do nothing returning *)
           select row_to_json(_m)::text as body from _m`,
          row,
        );
        if (ins.rows[0]) return { created: true, body: ins.rows[0].body };
        // Already there: visible only if it is the caller's own (row-level security).
        const own = await tx.query<{ body: string }>('select row_to_json(s)::text as body from public.sessions s where id = $1::uuid', [s.id]);
        return own.rows[0] ? { created: false, body: own.rows[0].body } : null;
      }, requestSetup(auth, 'POST'));
      if (!result) return apiError(c, 409, 'conflict', 'A session with this id already exists for another account', 'id');
      return c.body(`{"created":${result.created},"session":${result.body}}`, result.created ? 201 : 200, { 'Content-Type': 'application/json; charset=utf-8' });
    } catch (e) {
      if (isPgError(e)) {
        if (e.code === '23503') return apiError(c, 401, 'unauthorized', 'The account of this token no longer exists');
        if (e.code?.startsWith('22') || e.code?.startsWith('23')) return apiError(c, 400, 'validation_failed', e.message);
      }
      throw e;
    }
  });

  app.post('/errors', async (c) => {
    const auth = await bearer(c, ['anon', 'authenticated']);
    if (auth instanceof Response) return auth;
    const b = await body(c);
    if (b instanceof Response) return b;
    const batch = typeof b.value === 'object' && b.value !== null && 'reports' in b.value;
    const parsed = batch ? reportBatch.safeParse(b.value) : report.safeParse(b.value);
    if (!parsed.success) {
      const { field, message } = firstIssue(parsed.error);
      return apiError(c, 400, 'validation_failed', message, field);
    }
    const reports: unknown[] = batch ? (parsed.data as z.infer<typeof reportBatch>).reports : [parsed.data];
    const userId = auth.role === 'authenticated' ? (auth.claims.sub ?? null) : null;
    await db.query(
      `insert into public.error_reports (user_id, report)
       select (select id from auth.users where id = $1::uuid), r from jsonb_array_elements($2::jsonb) as r`,
      [userId, JSON.stringify(reports)],
    );
    return c.json({ accepted: reports.length }, 202);
  });

  app.delete('/account', async (c) => {
    const auth = await bearer(c, ['authenticated']);
    if (auth instanceof Response) return auth;
    const sid = auth.claims.session_id;
    const s = await db.query<{ ok: boolean }>('select true as ok from auth.sessions where id = $1::uuid and user_id = $2::uuid and revoked_at is null', [
      typeof sid === 'string' && /^[0-9a-f-]{36}$/i.test(sid) ? sid : '00000000-0000-0000-0000-000000000000',
      auth.claims.sub,
    ]);
    if (!s.rows[0]) return apiError(c, 401, 'unauthorized', 'This session has ended: sign in again to delete the account');
    await db.query('delete from auth.users where id = $1::uuid', [auth.claims.sub]);
    return c.body(null, 204);
  });

  opts.extend?.(app, { db, secrets });
  app.all('*', (c) => apiError(c, 404, 'not_found', `No API endpoint ${c.req.method} ${c.req.path}`));
  return app;
}
