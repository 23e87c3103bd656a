import type { LinkedPattern } from '../domain/links/patternLink';
import type { TimeSample } from '../domain/together/clockOffset';
import { apiCall } from './apiCall';
import { getConfig } from './config';

/**
 * Breathe together's server calls (server/together, docs/product.md § Breathe together).
 * The time samples use a plain fetch, timed on one monotonic clock read as ms since 1970,
 * with no retry (a slow answer is simply a worse sample).
 */

export interface TogetherSession {
  id: string;
  startsAt: number;
  endsAt: number;
  cycles: number;
  joins: number;
  /** `/p/…`: the link that carries the session. */
  link: string;
}

/** This device's monotonic clock as ms since 1970 (the device side of every time sample). */
export const deviceNow = (): number => performance.timeOrigin + performance.now();

/** One round trip to GET /api/time, or null when it failed or took longer than `timeoutMs`. */
export async function timeSample(timeoutMs: number): Promise<TimeSample | null> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const url = `${getConfig().apiUrl}/api/time`;
    const sentAt = deviceNow();
    const res = await fetch(url, { cache: 'no-store', signal: controller.signal });
    const receivedAt = deviceNow();
    if (!res.ok) return null;
    const t = (await res.json()) as { receivedAt?: unknown; sentAt?: unknown };
    if (typeof t.receivedAt !== 'number' || typeof t.sentAt !== 'number') return null;
    return { sentAt, serverReceivedAt: t.receivedAt, serverSentAt: t.sentAt, receivedAt };
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

export const togetherApi = {
  start: (input: { pattern: LinkedPattern; cycles: number; startsInSeconds: number }) =>
    apiCall<{ session: TogetherSession }>('/together', {
      signedIn: true,
      method: 'POST',
      body: input,
    }),
  read: (id: string) =>
    apiCall<{ session: TogetherSession }>(`/together/${encodeURIComponent(id)}`, {
      signedIn: true,
    }),
  join: (id: string, device: string, signedIn: boolean) =>
    apiCall<{ counted: boolean; reason?: string }>(`/together/${encodeURIComponent(id)}/join`, {
      signedIn,
      method: 'POST',
      body: { device },
    }),
};
