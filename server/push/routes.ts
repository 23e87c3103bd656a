import { Hono, type Context } from 'hono';
import {
  PUSH_API,
  type PushForgetBody,
  type PushKeyAnswer,
  type PushSubscriptionAnswer,
} from '../../src/contracts/push';
import { subscriptionSchema } from '../../src/contracts/pushSchemas';
import { apiError, apiWho, jsonBody, SIGNED_IN, validationFailed } from '../api/respond';
import type { Db } from '../db/types';
import type { Secrets } from '../secrets';
import { pushEndpointProblem } from './endpoint';
import { subscriptionKeysProblem } from './keys';
import { deleteSubscription, ownSubscription, saveSubscription } from './store';

export interface PushRouteOptions {
  db: Db;
  secrets: Secrets;
  allowLoopbackHttp?: boolean;
  now?: () => number;
  /** Called with a saved subscription's next reminder (the scheduler wakes for it). */
  onSaved?: (nextAtMs: number | null) => void;
}

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

  async function pushCaller(
    c: Context,
  ): Promise<{ userId: string; sessionId: string | null } | Response> {
    if (!secrets.vapid)
      return apiError(c, 503, 'push_unavailable', 'This server does not send push reminders');
    const who = await apiWho(c, secrets.jwtSecret, SIGNED_IN);
    if (who instanceof Response) return who;
    const sid = who.auth.claims.session_id;
    return {
      userId: who.auth.claims.sub!,
      sessionId: typeof sid === 'string' && /^[0-9a-f-]{36}$/i.test(sid) ? sid : null,
    };
  }

  app.on(PUSH_API.key.method, PUSH_API.key.path, (c) =>
    secrets.vapid
      ? c.json({ publicKey: secrets.vapid.publicKey } satisfies PushKeyAnswer, 200, {
          'Cache-Control': 'no-cache',
        })
      : apiError(c, 503, 'push_unavailable', 'This server does not send push reminders'),
  );

  app.on(PUSH_API.keep.method, PUSH_API.keep.path, async (c) => {
    const who = await pushCaller(c);
    if (who instanceof Response) return who;
    const body = await jsonBody(c);
    if (body instanceof Response) return body;
    const parsed = subscriptionSchema.safeParse(body.value);
    if (!parsed.success) return validationFailed(c, parsed.error);
    const { subscription, timeZone, reminders } = parsed.data;
    const problem = pushEndpointProblem(subscription.endpoint, opts.allowLoopbackHttp);
    if (problem)
      return apiError(
        c,
        400,
        'validation_failed',
        `subscription.endpoint: ${problem}`,
        'subscription.endpoint',
      );
    const badKey = subscriptionKeysProblem(subscription.keys);
    if (badKey) return apiError(c, 400, 'validation_failed', badKey.message, badKey.field);
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
    if (saved === 'taken')
      return apiError(c, 409, 'conflict', 'This device is registered for push by another account');
    const row = await ownSubscription(db, who.userId, subscription.endpoint);
    opts.onSaved?.(row?.next_at ? new Date(row.next_at).getTime() : null);
    return c.json({
      endpoint: subscription.endpoint,
      reminders,
      nextAt: row?.next_at ? new Date(row.next_at).toISOString() : null,
    } satisfies PushSubscriptionAnswer);
  });

  app.on(PUSH_API.read.method, PUSH_API.read.path, async (c) => {
    const who = await pushCaller(c);
    if (who instanceof Response) return who;
    const endpoint = c.req.query('endpoint');
    if (!endpoint) return apiError(c, 400, 'validation_failed', 'endpoint: required', 'endpoint');
    const row = await ownSubscription(db, who.userId, endpoint);
    if (!row) return apiError(c, 404, 'not_found', 'No push subscription of yours for this device');
    return c.json({
      endpoint,
      timeZone: row.time_zone,
      reminders: row.reminders,
      nextAt: row.next_at ? new Date(row.next_at).toISOString() : null,
    } satisfies PushSubscriptionAnswer);
  });

  app.on(PUSH_API.forget.method, PUSH_API.forget.path, async (c) => {
    const who = await pushCaller(c);
    if (who instanceof Response) return who;
    const body = await jsonBody(c);
    if (body instanceof Response) return body;
    const endpoint = (body.value as Partial<Record<keyof PushForgetBody, unknown>> | null)
      ?.endpoint;
    if (typeof endpoint !== 'string' || !endpoint)
      return apiError(c, 400, 'validation_failed', 'endpoint: required', 'endpoint');
    await deleteSubscription(db, who.userId, endpoint);
    return c.body(null, 204);
  });

  return app;
}
