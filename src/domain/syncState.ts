/** Where a stored session (or custom pattern) stands with the server (docs/product.md § Sync). */
export const SYNC_STATES = [
  'guest', // practised while signed out: stays on the device until attached to an account
  'pending', // waiting for upload
  'synced', // the server has it
  'failed', // permanent 4xx: kept, shown, retryable by hand
  'local_only', // the session API answered 404: kept on the device only
] as const;
export type SyncState = (typeof SYNC_STATES)[number];
