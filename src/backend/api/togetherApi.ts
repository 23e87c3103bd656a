import {
  TOGETHER_API,
  type ServerTimeAnswer,
  type TogetherStartInput,
} from '../../contracts/together';
import type { TogetherCreateBody, TogetherJoinBody } from '../../contracts/togetherSchemas';
import type { TimeSample } from '../../domain/together/clockOffset';
import { apiCall } from './apiCall';

/**
 * Breathe together's server calls (server/together, docs/product.md § Breathe together).
 * The time samples are one attempt each (the 'health' policy: no breaker, no retry), timed
 * on one monotonic clock read as ms since 1970 (a slow answer is simply a worse sample).
 */

/** This device's monotonic clock as ms since 1970 (the device side of every time sample). */
export const deviceNow = (): number => performance.timeOrigin + performance.now();

/** One round trip to GET /api/time, or null when it failed or took longer than `timeoutMs`. */
export async function timeSample(timeoutMs: number): Promise<TimeSample | null> {
  try {
    const sentAt = deviceNow();
    const res = await apiCall(TOGETHER_API.time, {
      signedIn: false,
      service: 'health', // one attempt, no breaker, not read as the network's state
      attempts: 1,
      timeoutMs,
      cache: 'no-store',
      responseType: 'response',
    });
    const receivedAt = deviceNow();
    const t = (await res.json()) as Partial<Record<keyof ServerTimeAnswer, unknown>>;
    if (typeof t.receivedAt !== 'number' || typeof t.sentAt !== 'number') return null;
    return { sentAt, serverReceivedAt: t.receivedAt, serverSentAt: t.sentAt, receivedAt };
  } catch {
    return null;
  }
}

export const togetherApi = {
  start: (input: TogetherStartInput) =>
    apiCall(TOGETHER_API.start, {
      signedIn: true,
      body: input satisfies TogetherCreateBody,
    }),
  read: (id: string) => apiCall(TOGETHER_API.session, { signedIn: true, params: { id } }),
  join: (id: string, device: string, signedIn: boolean) =>
    apiCall(TOGETHER_API.join, {
      signedIn,
      params: { id },
      body: { device } satisfies TogetherJoinBody,
    }),
};
