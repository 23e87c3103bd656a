import { apiCall } from './apiCall';
import { PUSH_API, type PushForgetBody } from '../../contracts/push';
import type { SubscriptionBody } from '../../contracts/pushSchemas';

/** The push endpoints of the server (/api/push, server/README.md § Push; src/contracts/push.ts). */

/** The server's VAPID public key (public); throws when the server sends no push. */
export const pushPublicKey = () =>
  apiCall(PUSH_API.key, { signedIn: false }).then((r) => r.publicKey);

/** Resolves when the server still keeps this device's subscription for the signed-in owner; throws otherwise. */
export const checkPushSubscription = (endpoint: string) =>
  apiCall(PUSH_API.read, { signedIn: true, query: { endpoint } });

/** Keeps (or replaces) this device's subscription with its reminders and time zone. */
export const putPushSubscription = (body: SubscriptionBody) =>
  apiCall(PUSH_API.keep, { signedIn: true, body });

/** Forgets this device's subscription on the server. */
export const deletePushSubscription = (endpoint: string) =>
  apiCall(PUSH_API.forget, {
    signedIn: true,
    body: { endpoint } satisfies PushForgetBody,
  });
