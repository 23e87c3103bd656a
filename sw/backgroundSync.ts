/// <reference lib="webworker" />
import { Queue } from 'workbox-background-sync';
import { OUTBOX_QUEUE_NAME } from '../src/sync/constants';
import { handleOutboxSync, type SyncHandlerOptions } from '../src/sync/syncEventHandler';

/**
 * Background Sync for the outbox. The page registers the tag
 * `workbox-background-sync:pneuma-outbox` when an upload fails for lack of network; the
 * browser (Chromium) then fires `sync` here once it is back online, even with every tab
 * closed. Workbox's Queue owns the listener (and, where the browser has no Background
 * Sync, runs the callback at service-worker start instead); the callback runs the same
 * outbox as the page, with the token kept in db.authSession. The Queue's own request
 * store stays empty: the outbox rows in IndexedDB are the queue.
 */
let queue: Queue | null = null;

export function registerSyncHandlers(scope: ServiceWorkerGlobalScope, options: SyncHandlerOptions = {}): void {
  if (queue) return;
  void scope; // Workbox's Queue listens on the global scope itself.
  queue = new Queue(OUTBOX_QUEUE_NAME, {
    onSync: async () => {
      await handleOutboxSync(options);
    },
  });
}
