import { OUTBOX_SYNC_TAG } from '../constants';

/**
 * Registers the outbox's Background Sync tag, so the service worker uploads once the
 * connection is back even if the tab is closed by then. False where the browser has no
 * Background Sync (or refuses it): the next start or `online` event runs the outbox.
 */
export async function registerBackgroundSync(): Promise<boolean> {
  try {
    const sw = (globalThis.navigator as Navigator | undefined)?.serviceWorker;
    if (!sw) return false;
    const reg = (await sw.getRegistration()) as
      | (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } })
      | undefined;
    if (!reg?.sync) return false;
    await reg.sync.register(OUTBOX_SYNC_TAG);
    return true;
  } catch {
    return false;
  }
}
