import webpush from 'web-push';
import type { VapidKeys } from '../secrets';
import { pinnedPost, type Resolve } from './post';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export type SendResult =
  | { kind: 'sent' }
  | { kind: 'gone'; status: number }
  | { kind: 'failed'; status: number | null; message: string };

/** How long a push service may keep an undelivered reminder (seconds): an hour late is still useful. */
export const PUSH_TTL_SECONDS = 3600;
/** The whole exchange with a push service (lookup, connection, answer): they answer in well under a second. */
export const SEND_TIMEOUT_MS = 4_000;

export interface SendOptions {
  /** Plain http and loopback endpoints (tests, a local push service; server/README.md § Push reminders). */
  allowLoopback?: boolean;
  resolve?: Resolve;
  timeoutMs?: number;
}

/**
 * Encrypts `payload` for the subscription (RFC 8291, aes128gcm) and signs the VAPID JWT
 * (RFC 8292) with web-push, then posts it to the endpoint's checked, pinned address
 * (post.ts; no redirects, SEND_TIMEOUT_MS at most). 404 and 410 mean the subscription is
 * gone (the caller deletes it); other answers, a key web-push cannot use, a refused address
 * and a time-out are failures of this subscription alone. Never throws.
 */
export async function sendPush(
  target: PushTarget,
  payload: string,
  vapid: VapidKeys,
  subject: string,
  opts: SendOptions = {},
): Promise<SendResult> {
  let details: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    details = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      payload,
      {
        vapidDetails: { subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
        TTL: PUSH_TTL_SECONDS,
        contentEncoding: 'aes128gcm',
        urgency: 'normal',
      },
    );
  } catch (e) {
    return {
      kind: 'failed',
      status: null,
      message: `cannot encrypt for this subscription: ${e instanceof Error ? e.message : String(e)}`,
    };
  }
  const res = await pinnedPost(details.endpoint, {
    headers: details.headers as Record<string, string>,
    body: details.body as Uint8Array,
    timeoutMs: opts.timeoutMs ?? SEND_TIMEOUT_MS,
    allowLoopback: opts.allowLoopback,
    resolve: opts.resolve,
  });
  if ('error' in res) return { kind: 'failed', status: null, message: res.error };
  if (res.status === 404 || res.status === 410) return { kind: 'gone', status: res.status };
  if (res.status >= 200 && res.status < 300) return { kind: 'sent' };
  return { kind: 'failed', status: res.status, message: `push service answered ${res.status}` };
}

/** The VAPID `sub`: the public origin when it is https, else a mailto of the sender address. */
export function vapidSubject(publicUrl: string | undefined, mailFrom: string | undefined): string {
  if (publicUrl?.startsWith('https://')) return publicUrl;
  const addr =
    /<([^>]+)>/.exec(mailFrom ?? '')?.[1] ??
    (mailFrom?.includes('@') ? mailFrom.trim() : 'no-reply@pneuma.local');
  return `mailto:${addr}`;
}
