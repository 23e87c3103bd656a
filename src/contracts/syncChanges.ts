/**
 * GET /api/sync/changes (server/sync/routes.ts; the service worker asks it too): the signed-in user's change counter of
 * each synced server table (supabase/migrations/20261127120300_sync_versions.sql). A
 * device pulls only the tables whose counter differs from the one it saw at its last
 * pull (src/sync/pull/pullChanges.ts), so a sync with nothing new costs this one request.
 * A table the user never wrote has no counter. (No zod here: the service worker reads it.)
 */
import { endpoint, shape } from './endpoint';

export const SYNC_API = Object.freeze({
  changes: endpoint('GET', '/sync/changes', shape<SyncChangesResponse>()),
});

export interface SyncChangesResponse {
  /** Server table -> how many writes of the user it has seen. */
  versions: Record<string, number>;
}

export function isSyncChangesResponse(body: unknown): body is SyncChangesResponse {
  if (typeof body !== 'object' || body === null) return false;
  const versions = (body as { versions?: unknown }).versions;
  if (typeof versions !== 'object' || versions === null || Array.isArray(versions)) return false;
  return Object.values(versions).every((v) => Number.isSafeInteger(v) && (v as number) >= 0);
}
