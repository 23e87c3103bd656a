import { useSyncExternalStore } from 'react';
import { changeSignal } from '../../ui/changeSignal';

/**
 * Whether a sign-out is under way: all the first page load needs to know about it. The
 * flow itself (./signOutFlow) and its dialog load when someone signs out.
 */
let active = false;
const signal = changeSignal();

export function setSignOutActive(next: boolean): void {
  if (active === next) return;
  active = next;
  signal.notify();
}

export function useSignOutActive(): boolean {
  return useSyncExternalStore(
    signal.subscribe,
    () => active,
    () => active,
  );
}
