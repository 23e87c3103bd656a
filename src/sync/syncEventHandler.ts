import { runOutbox, type OutboxConfig, type OutboxResult } from './outbox';
import { loadSyncConfig } from './syncConfig';

export interface SyncHandlerOptions {
  loadConfig?: () => Promise<OutboxConfig | null>;
  run?: (config: OutboxConfig) => Promise<OutboxResult>;
}

/**
 * One Background Sync event's work in the service worker: run the outbox with the settings
 * and token kept in IndexedDB. Throws while sessions are left for later, so the browser
 * schedules another sync event.
 */
export async function handleOutboxSync(options: SyncHandlerOptions = {}): Promise<OutboxResult | null> {
  const config = await (options.loadConfig ?? loadSyncConfig)();
  if (!config) return null; // the page has never stored the backend settings: nothing to do
  // The browser fires this when connectivity is back: back-off times no longer apply.
  const result = await (options.run ?? ((c) => runOutbox(c, { force: true })))(config);
  if (result.status === 'retry_later') {
    throw new Error(`Outbox: ${result.remaining} sessions left (${result.error ?? 'retry later'})`);
  }
  return result;
}
