import { db } from '../data/db';
import type { OutboxConfig } from './outbox';

/**
 * The backend settings the outbox needs, kept in IndexedDB by the page so the service
 * worker (which has neither the build's settings loader nor localStorage) can read them.
 */
const SYNC_CONFIG_KEY = 'syncConfig';

export async function saveSyncConfig(config: OutboxConfig): Promise<void> {
  await db.preferences.put({
    key: SYNC_CONFIG_KEY,
    value: { supabaseUrl: config.supabaseUrl, supabaseAnonKey: config.supabaseAnonKey },
  });
}

export async function loadSyncConfig(): Promise<OutboxConfig | null> {
  const v = (await db.preferences.get(SYNC_CONFIG_KEY))?.value as Partial<OutboxConfig> | undefined;
  return v?.supabaseUrl && v.supabaseAnonKey
    ? { supabaseUrl: v.supabaseUrl, supabaseAnonKey: v.supabaseAnonKey }
    : null;
}
