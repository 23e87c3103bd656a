import type { Context } from 'hono';
import { apiError, asApiCaller, parsedBody, type CallerDeps } from '../respond';
import { VISION_COLUMNS, visionUploadSchema, type VisionSummaryBody } from './schema';

/** A stored summary as the API answers it. */
type VisionRow = Record<(typeof VISION_COLUMNS)[number], unknown>;

/** Camera summaries are kept for a signed-in member (../respond.ts apiCaller). */
const VISION_MEMBER = {
  guests: false,
  signIn: 'Not authenticated: sign in to keep camera summaries',
} as const;

const SELECT = `select ${VISION_COLUMNS.join(', ')} from public.vision_sessions`;
const LIST_LIMIT = { default: 20, max: 100 } as const;

const values = (s: VisionSummaryBody) => [
  s.id,
  s.session_id,
  s.frames_analysed,
  s.average_stillness,
  s.average_restlessness,
  s.face_detection_rate,
  s.posture_score,
  s.breaths_per_minute,
  s.target_breaths_per_minute,
  s.phase_accuracy,
  s.rhythm_consistency,
  s.average_processing_ms,
  s.created_at ?? null,
];

/**
 * POST /api/vision/sessions: one summary or an array of up to 50, each for a session of
 * the caller already on the server. A replay of a stored id is ignored (the client-made id
 * is the idempotency key). 201 with the ids stored now and the ids that were already there.
 */
export function postVisionSessions(c: Context, deps: CallerDeps): Promise<Response> {
  return asApiCaller(c, deps, VISION_MEMBER, async (caller) => {
    const body = await parsedBody(c, visionUploadSchema);
    if (body instanceof Response) return body;
    return caller.run(async (tx) => {
      const stored: string[] = [];
      for (const s of body) {
        const r = await tx.query<{ id: string }>(
          `insert into public.vision_sessions (id, user_id, ${VISION_COLUMNS.slice(1, -1).join(', ')}, created_at)
           values ($1, auth.uid(), $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, coalesce($13::timestamptz, now()))
           on conflict (id) do nothing returning id`,
          values(s),
        );
        if (r.rows[0]) stored.push(r.rows[0].id);
      }
      const already = body.map((s) => s.id).filter((id) => !stored.includes(id));
      return c.json({ stored, already }, 201);
    });
  });
}

/** GET /api/vision/sessions?limit=: the caller's summaries, newest first (20, at most 100). */
export function listVisionSessions(c: Context, deps: CallerDeps): Promise<Response> {
  return asApiCaller(c, deps, VISION_MEMBER, async (caller) => {
    const raw = c.req.query('limit');
    const limit = raw === undefined ? LIST_LIMIT.default : Number(raw);
    if (!Number.isInteger(limit) || limit < 1 || limit > LIST_LIMIT.max) {
      return apiError(
        c,
        400,
        'validation_failed',
        `limit: a whole number from 1 to ${LIST_LIMIT.max}`,
        'limit',
      );
    }
    const rows = await caller.run((tx) =>
      tx.query<VisionRow>(`${SELECT} order by created_at desc, id limit $1`, [limit]),
    );
    return c.json({ sessions: rows.rows });
  });
}

/** GET /api/vision/sessions/:id/summary: one of the caller's summaries by its id or its session's id. */
export function visionSessionSummary(c: Context, deps: CallerDeps): Promise<Response> {
  return asApiCaller(c, deps, VISION_MEMBER, async (caller) => {
    const id = c.req.param('id') ?? '';
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) {
      return apiError(c, 400, 'validation_failed', 'id: a UUID', 'id');
    }
    const rows = await caller.run((tx) =>
      tx.query<VisionRow>(`${SELECT} where id = $1 or session_id = $1 limit 1`, [id]),
    );
    const row = rows.rows[0];
    if (!row) return apiError(c, 404, 'not_found', 'No camera summary with that id');
    return c.json({ summary: row });
  });
}
