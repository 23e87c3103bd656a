/** Public surface of the sync feature for other screens. */
export { SyncBadge } from './SyncBadge';
export { SyncStatusPanel } from './SyncStatusPanel';
export { ensureSyncStarted, requestSync, syncNow } from './syncRuntime';
