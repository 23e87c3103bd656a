/** User-visible sync strings (spec 2.11); the offline notice lives in src/features/network, each defined once here. */
export const ONLINE = 'Online';
export const OFFLINE = 'Offline';
export const SLOW = 'Slow connection';
export const CONNECTED = 'Connected';
export const OFFLINE_MODE = 'Offline Mode';
export const SYNC_NOW = 'Sync now';
