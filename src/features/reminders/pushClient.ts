import {
  checkPushSubscription,
  deletePushSubscription,
  pushPublicKey,
  putPushSubscription,
} from '../../backend/api/pushApi';
import type { Reminder } from '../../domain/reminders/schedule';
import { deviceTimeZone } from '../../app/practiceReminders';

/**
 * This device's Web Push subscription for practice reminders (server/README.md § Push).
 * The browser's push service gets the server's VAPID public key; the server keeps the
 * subscription with this device's reminders and time zone, for the signed-in owner only.
 */

export type PushState =
  | { kind: 'unsupported' }
  | { kind: 'needs-account' }
  | { kind: 'server-off' }
  | { kind: 'blocked' }
  | { kind: 'available' }
  | { kind: 'on' };

function browserHasPush(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof window !== 'undefined' && 'PushManager' in window && typeof Notification !== 'undefined';
}

async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  return navigator.serviceWorker.getRegistration();
}

async function serverKey(): Promise<string | null> {
  try {
    return await pushPublicKey();
  } catch {
    return null;
  }
}

export async function pushState(signedIn: boolean): Promise<PushState> {
  if (!browserHasPush()) return { kind: 'unsupported' };
  if (!signedIn) return { kind: 'needs-account' };
  if (!(await serverKey())) return { kind: 'server-off' };
  if (Notification.permission === 'denied') return { kind: 'blocked' };
  const sub = await (await registration())?.pushManager.getSubscription();
  if (!sub || Notification.permission !== 'granted') return { kind: 'available' };
  // The server forgets a device when its sign-in ends: on only if it still has this one.
  try {
    await checkPushSubscription(sub.endpoint);
    return { kind: 'on' };
  } catch {
    return { kind: 'available' };
  }
}

function keyBytes(b64url: string): Uint8Array<ArrayBuffer> {
  const s = atob(b64url.replace(/-/g, '+').replace(/_/g, '/'));
  const out = new Uint8Array(new ArrayBuffer(s.length));
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

async function send(sub: PushSubscription, reminders: Reminder[]): Promise<void> {
  const json = sub.toJSON();
  // The shape the server checks (src/contracts/pushSchemas.ts); a key the browser left out is refused there, in words.
  const subscription = {
    endpoint: sub.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
  await putPushSubscription({ subscription, timeZone: deviceTimeZone(), reminders });
}

/** Asks for permission, subscribes this browser and registers the reminders; throws in words. */
export async function enablePush(reminders: Reminder[]): Promise<void> {
  const key = await serverKey();
  if (!key) throw new Error('The server does not send push reminders.');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error('Notifications are not allowed for Pneuma in this browser.');
  const reg = await registration();
  if (!reg) throw new Error('Pneuma is not installed in this browser yet: reload the page and try again.');
  let sub = await reg.pushManager.getSubscription();
  try {
    sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) });
  } catch (e) {
    throw new Error(`This browser could not register for push messages${e instanceof Error && e.message ? ` (${e.message})` : ''}.`, { cause: e });
  }
  await send(sub, reminders);
}

/** Sends the current reminders to the server when this device is subscribed. */
export async function updatePush(reminders: Reminder[]): Promise<void> {
  if (!browserHasPush()) return;
  const sub = await (await registration())?.pushManager.getSubscription();
  if (sub) await send(sub, reminders);
}

export async function disablePush(): Promise<void> {
  const sub = await (await registration())?.pushManager.getSubscription();
  if (!sub) return;
  await deletePushSubscription(sub.endpoint).catch(() => undefined);
  await sub.unsubscribe();
}
