import webpush from 'web-push';
import type { VapidKeys } from '../secrets';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export type SendResult = { kind: 'sent' } | { kind: 'gone'; status: number } | { kind: 'failed'; status: number | null; message: string };

/** How long a push service may keep an undelivered reminder (seconds): an hour late is still useful. */
export const PUSH_TTL_SECONDS = 3600;
const SEND_TIMEOUT_MS = 10_000;

/**
 * Encrypts `payload` for the subscription (RFC 8291, aes128gcm) and signs the VAPID JWT
 * (RFC 8292) with web-push, then posts it with fetch (no redirects, 10 s at most). 404 and
 * 410 mean the subscription is gone (the caller deletes it); other answers are failures.
 */
export async function sendPush(
  target: PushTarget,
  payload: string,
  vapid: VapidKeys,
  subject: string,
  fetchImpl: typeof fetch = fetch,
): Promise<SendResult> {
  const details = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    payload,
    {
      vapidDetails: { subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
      TTL: PUSH_TTL_SECONDS,
      contentEncoding: 'aes128gcm',
      urgency: 'normal',
    },
  );
  let res: Response;
  try {
    res = await fetchImpl(details.endpoint, {
      method: details.method,
      headers: details.headers as Record<string, string>,
      body: details.body as Uint8Array<ArrayBuffer>,
      redirect: 'error',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
  } catch (e) {
    return { kind: 'failed', status: null, message: e instanceof Error ? e.message : String(e) };
  }
  await res.body?.cancel().catch(() => undefined);
  if (res.status === 404 || res.status === 410) return { kind: 'gone', status: res.status };
  if (res.ok) return { kind: 'sent' };
  return { kind: 'failed', status: res.status, message: res.statusText };
}

/** The VAPID `sub`: the public origin when it is https, else a mailto of the sender address. */
export function vapidSubject(publicUrl: string | undefined, mailFrom: string | undefined): string {
  if (publicUrl?.startsWith('https://')) return publicUrl;
  const addr = /<([^>]+)>/.exec(mailFrom ?? '')?.[1] ?? (mailFrom?.includes('@') ? mailFrom.trim() : 'no-reply@pneuma.local');
  return `mailto:${addr}`;
}
