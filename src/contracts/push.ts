/**
 * Push reminders on the wire (server/README.md § Push): the paths under /api and the
 * answers' shapes, shared by the server (server/push/routes.ts builds them) and the app's
 * client (src/backend/api/pushApi.ts). The request body's rules are zod schemas in
 * ./pushSchemas.ts (kept apart so the page reading these types loads no zod).
 */
import type { Reminder } from '../domain/reminders/schedule';
import type { SubscriptionBody } from './pushSchemas';
import { endpoint, shape } from './endpoint';

export const PUSH_API = Object.freeze({
  /** The server's VAPID public key (no token needed); 503 when the server sends no push. */
  key: endpoint('GET', '/push/key', shape<PushKeyAnswer>()),
  /** Keep (or replace) this device's subscription. */
  keep: endpoint('PUT', '/push/subscription', shape<PushSubscriptionAnswer, SubscriptionBody>()),
  /** ?endpoint=: read this device's subscription. */
  read: endpoint('GET', '/push/subscription', shape<PushSubscriptionAnswer>()),
  /** {endpoint}: forget this device's subscription. */
  forget: endpoint('DELETE', '/push/subscription', shape<void, PushForgetBody>()),
});

/** GET /api/push/key. */
export interface PushKeyAnswer {
  publicKey: string;
}

/** PUT and GET /api/push/subscription: what the server keeps for this device. */
export interface PushSubscriptionAnswer {
  endpoint: string;
  /** GET only. */
  timeZone?: string;
  reminders: Reminder[];
  /** When the next reminder is due (ISO), or null. */
  nextAt: string | null;
}

/** DELETE /api/push/subscription's body. */
export interface PushForgetBody {
  endpoint: string;
}
