/**
 * Outbox constants (docs/product.md § Sync). The back-off between retries is the generic
 * retry policy's (src/domain/retry.ts: 1 s doubling to 30 s).
 */
export const OUTBOX_BATCH_SIZE = 50;
/** Retries of one batch inside a run before it is left for a later run. */
export const OUTBOX_MAX_RETRIES = 3;
export const REQUEST_TIMEOUT_MS = 60_000;

/** Workbox background-sync queue name; the browser sees the tag below. */
export const OUTBOX_QUEUE_NAME = 'pneuma-outbox';
export const OUTBOX_SYNC_TAG = `workbox-background-sync:${OUTBOX_QUEUE_NAME}`;
/** Web Locks name: the page and the service worker never upload at the same moment. */
export const OUTBOX_LOCK_NAME = 'pneuma-outbox';

/**
 * While the page is visible it also pulls every 5 minutes (the freshness of server data,
 * docs/product.md § Backend), besides start, sign-in, `online` and becoming visible.
 */
export const PULL_INTERVAL_MS = 5 * 60_000;

/** The sync status on screen refreshes every 5 seconds. */
export const SYNC_STATUS_REFRESH_MS = 5_000;
