/** Outbox constants. Retry numbers come from spec 9 (generic retry). */
export const OUTBOX_BATCH_SIZE = 50;
/** Retries of one batch inside a run before it is left for a later run. */
export const OUTBOX_MAX_RETRIES = 3;
export const RETRY_BASE_MS = 1_000;
export const RETRY_CAP_MS = 30_000;
export const RETRY_FACTOR = 2;
export const REQUEST_TIMEOUT_MS = 60_000;

/** Workbox background-sync queue name; the browser sees the tag below. */
export const OUTBOX_QUEUE_NAME = 'pneuma-outbox';
export const OUTBOX_SYNC_TAG = `workbox-background-sync:${OUTBOX_QUEUE_NAME}`;
/** Web Locks name: the page and the service worker never upload at the same moment. */
export const OUTBOX_LOCK_NAME = 'pneuma-outbox';

/** Spec 2.11: the sync status refreshes every 5 seconds. */
export const SYNC_STATUS_REFRESH_MS = 5_000;

/** Delay before retry number `attempt` (1-based): 1 s doubling, capped at 30 s. */
export function backoffMs(attempt: number): number {
  const n = Math.max(1, Math.floor(attempt));
  return Math.min(RETRY_CAP_MS, RETRY_BASE_MS * RETRY_FACTOR ** (n - 1));
}
