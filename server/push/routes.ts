import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { isTimeZone } from '../../src/domain/reminders/zone';
import { MAX_REMINDERS, reminderProblem } from '../../src/domain/reminders/schedule';
import { apiError, bearer, jsonBody, validationFailed } from '../api/respond';
import type { Db } from '../db/types';
import type { Secrets } from '../secrets';
import { pushEndpointProblem } from './endpoint';
import { deleteSubscription, ownSubscription, saveSubscription } from './store';

export interface PushRouteOptions {
  db: Db;
  secrets: Secrets;
  allowLoopbackHttp?: boolean;
  now?: () => number;
}

const b64url = (min: number, max: number) => z.string().min(min).max(max).regex(/^[A-Za-z0-9_-]+={0,2}$/, 'must be base64url');

const reminderSchema = z
  .object({
    id: z.string().min(1).max(64),
    days: z.array(z.number().int()).min(1).max(7),
    time: z.string().max(5),
    patternId: z.string().min(1).max(100),
    patternName: z.string().min(1).max(100),
  })
  .strict()
  .superRefine((r, ctx) => {
    const problem = reminderProblem(r);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const subscriptionSchema = z
  .object({
    subscription: z.object({
      endpoint: z.string().min(1).max(2048),
      expirationTime: z.number().nullish(),
      keys: z.object({ p256dh: b64url(80, 100), auth: b64url(16, 32) }),
    }),
    timeZone: z.string().refine(isTimeZone, 'is not a time zone this server knows'),
    reminders: z.array(reminderSchema).max(MAX_REMINDERS, `at most ${MAX_REMINDERS} reminders`),
  })
  .strict();

/**
 * /api/push (server/README.md § Push): the VAPID public key, and the caller's own push
 * subscription per device with its reminders. Every route but the key needs a user JWT
 * (pushCaller, the one place their auth is decided); a subscription is only ever read,
 * changed or deleted by its owner.
 */
export function pushRoutes(opts: PushRouteOptions): Hono {
  const { db, secrets } = opts;
  const app = new Hono();
  const now = opts.now ?? Date.now;

  async function pushCaller(c: Context): Promise<{ userId: string; sessionId: string | null } | Response> {
    if (!secrets.vapid) return apiError(c, 503, 'push_unavailable', 'This server does not send push reminders');
    const auth = await bearer(c, secrets.jwtSecret, ['authenticated']);
    if (auth instanceof Response) return auth;
    const sid = auth.claims.session_id;
    return { userId: auth.claims.sub!, sessionId: typeof sid === 'string' && /^[0-9a-f-]{36}$/i.test(sid) ? sid : null };
  }

  app.get('/push/key', (c) =>
    secrets.vapid
      ? c.json({ publicKey: secrets.vapid.publicKey }, 200, { 'Cache-Control': 'no-cache' })
      : apiError(c, 503, 'push_unavailable', 'This server does not send push reminders'),
  );

  app.put('/push/subscription', async (c) => {
    const who = await pushCaller(c);
    if (who instanceof Response) return who;
    const body = await jsonBody(c);
    if (body instanceof Response) return body;
    const parsed = subscriptionSchema.safeParse(body.value);
    if (!parsed.success) return validationFailed(c, parsed.error);
    const { subscription, timeZone, reminders } = parsed.data;
    const problem = pushEndpointProblem(subscription.endpoint, opts.allowLoopbackHttp);
    if (problem) return apiError(c, 400, 'validation_failed', `subscription.endpoint: ${problem}`, 'subscription.endpoint');
    const saved = await saveSubscription(
      db,
      {
        endpoint: subscription.endpoint,
        user_id: who.userId,
        session_id: who.sessionId,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
        time_zone: timeZone,
        reminders,
      },
      now(),
    );
    if (saved === 'taken') return apiError(c, 409, 'conflict', 'This device is registered for push by another account');
    const row = await ownSubscription(db, who.userId, subscription.endpoint);
    return c.json({ endpoint: subscription.endpoint, reminders, nextAt: row?.next_at ? new Date(row.next_at).toISOString() : null });
  });

  app.get('/push/subscription', async (c) => {
    const who = await pushCaller(c);
    if (who instanceof Response) return who;
    const endpoint = c.req.query('endpoint');
    if (!endpoint) return apiError(c, 400, 'validation_failed', 'endpoint: required', 'endpoint');
    const row = await ownSubscription(db, who.userId, endpoint);
    if (!row) return apiError(c, 404, 'not_found', 'No push subscription of yours for this device');
    return c.json({ endpoint, timeZone: row.time_zone, reminders: row.reminders, nextAt: row.next_at ? new Date(row.next_at).toISOString() : null });
  });

  app.delete('/push/subscription', async (c) => {
    const who = await pushCaller(c);
    if (who instanceof Response) return who;
    const body = await jsonBody(c);
    if (body instanceof Response) return body;
    const endpoint = (body.value as { endpoint?: unknown } | null)?.endpoint;
    if (typeof endpoint !== 'string' || !endpoint) return apiError(c, 400, 'validation_failed', 'endpoint: required', 'endpoint');
    await deleteSubscription(db, who.userId, endpoint);
    return c.body(null, 204);
  });

  return app;
}
