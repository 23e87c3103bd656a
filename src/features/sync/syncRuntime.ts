import { useSyncExternalStore } from 'react';
import { getConfig } from '../../backend/config';
import { fromSupabaseSession } from '../../data/authSessionRepo';
import type { OutboxConfig } from '../../sync/outbox';
import { SyncController, type SyncSnapshot } from './syncController';

/**
 * The one sync controller of the page. Started by the sync badge (mounted in the header
 * on every screen) or by anyone calling ensureSyncStarted(); starting twice is harmless.
 */
function configOrNull(): OutboxConfig | null {
  try {
    const c = getConfig();
    return { supabaseUrl: c.supabaseUrl, supabaseAnonKey: c.supabaseAnonKey };
  } catch {
    return null;
  }
}

let controller: SyncController | null = null;

export function getSyncController(): SyncController {
  if (!controller) {
    controller = new SyncController({
      getConfig: configOrNull,
      deps: {
        // In the page, supabase-js owns the refresh token (it rotates on use): refresh
        // through it so its stored session stays valid; its auth event rewrites db.authSession.
        refreshSession: async () => {
          const { getSupabase } = await import('../../backend/supabaseClient');
          const supabase = await getSupabase();
          const { data, error } = await supabase.auth.refreshSession();
          if (error || !data.session) return null;
          return fromSupabaseSession(data.session);
        },
      },
    });
  }
  return controller;
}

let started = false;
export function ensureSyncStarted(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  getSyncController().start();
}

/** Ask for an upload now (e.g. right after a session was saved). */
export function requestSync(): void {
  void getSyncController().run();
}

export function syncNow() {
  return getSyncController().syncNow();
}

export function useSyncSnapshot(): SyncSnapshot {
  const c = getSyncController();
  return useSyncExternalStore(c.subscribe, c.getSnapshot, c.getSnapshot);
}
