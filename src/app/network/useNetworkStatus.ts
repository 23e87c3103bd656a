import { useSyncExternalStore } from 'react';
import { getNetworkSnapshot, subscribeNetworkStatus, type NetworkSnapshot } from './networkStore';

/**
 * The current network status: `status` is 'online' | 'slow' | 'offline'; the snapshot
 * also says why (browser flag, connection type, backend reachability, last check time).
 */
export function useNetworkStatus(): NetworkSnapshot {
  return useSyncExternalStore(subscribeNetworkStatus, getNetworkSnapshot, getNetworkSnapshot);
}
