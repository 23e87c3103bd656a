import { apiCall } from './apiCall';
import type { Reminder } from '../../domain/reminders/schedule';

/** The push endpoints of the server (/api/push, server/README.md § Push). */

/** The server's VAPID public key (public); throws when the server sends no push. */
export const pushPublicKey = () =>
  apiCall<{ publicKey: string }>('/push/key', { signedIn: false }).then((r) => r.publicKey);

/** Resolves when the server still keeps this device's subscription for the signed-in owner; throws otherwise. */
export const checkPushSubscription = (endpoint: string) =>
  apiCall<unknown>(`/push/subscription?endpoint=${encodeURIComponent(endpoint)}`, { signedIn: true });

/** Keeps (or replaces) this device's subscription with its reminders and time zone. */
export const putPushSubscription = (body: { subscription: PushSubscriptionJSON; timeZone: string; reminders: Reminder[] }) =>
  apiCall<unknown>('/push/subscription', { signedIn: true, method: 'PUT', body });

/** Forgets this device's subscription on the server. */
export const deletePushSubscription = (endpoint: string) =>
  apiCall<unknown>('/push/subscription', { signedIn: true, method: 'DELETE', body: { endpoint } });
