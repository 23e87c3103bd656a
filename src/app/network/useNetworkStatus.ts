import { useSyncExternalStore } from 'react';
import { deriveNetworkStatus } from '../../domain/networkStatus';
import { getNetworkSnapshot, subscribeNetworkStatus, type NetworkSnapshot } from './networkStore';

/** What prerendered pages are built with (online, nothing checked yet): hydration starts here. */
const BUILT: NetworkSnapshot = (() => {
  const inputs = { browserOnline: true, effectiveType: undefined, backendReachable: null };
  return { ...inputs, status: deriveNetworkStatus(inputs) };
})();

/**
 * The current network status: `status` is 'online' | 'slow' | 'offline'; the snapshot
 * also says why (browser flag, connection type, backend reachability, last check time).
 */
export function useNetworkStatus(): NetworkSnapshot {
  return useSyncExternalStore(subscribeNetworkStatus, getNetworkSnapshot, () => BUILT);
}
