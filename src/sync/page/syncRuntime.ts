import { getConfig } from '../../backend/config';
import { fromSupabaseSession } from '../../data/authSessionRepo';
import type { OutboxConfig } from '../outbox';
import { SyncController } from './syncController';

/**
 * The one sync controller of the page. Loaded lazily through ./syncEngine, which starts
 * it once someone is signed in (starting twice is harmless) and is what the rest of the
 * page calls.
 */
function configOrNull(): OutboxConfig | null {
  try {
    const c = getConfig();
    return { supabaseUrl: c.supabaseUrl, supabaseAnonKey: c.supabaseAnonKey };
  } catch {
    return null;
  }
}

/**
 * In the page, supabase-js owns the refresh token (it rotates on use): the outbox
 * refreshes through it so its stored session stays valid; its auth event rewrites the
 * stored copy as well.
 */
async function refreshThroughSupabase() {
  const { getSupabase } = await import('../../backend/supabaseClient');
  const supabase = await getSupabase();
  const { data, error } = await supabase.auth.refreshSession();
  if (error || !data.session) return null;
  return fromSupabaseSession(data.session);
}

let controller: SyncController | null = null;

export function getSyncController(): SyncController {
  controller ??= new SyncController({ getConfig: configOrNull, deps: { refreshSession: refreshThroughSupabase } });
  return controller;
}

let started = false;
export function ensureSyncStarted(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  getSyncController().start();
}
