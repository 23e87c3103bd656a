/** User-visible sync strings, each defined once here; the offline notice lives in src/features/network. */
export const ONLINE = 'Online';
export const OFFLINE = 'Offline';
export const SLOW = 'Slow connection';
export const CONNECTED = 'Connected';
export const OFFLINE_MODE = 'Offline Mode';
export const SYNC_NOW = 'Sync now';
