import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * True while the build renders a page and while the browser hydrates it (React reads the
 * server snapshot then), false in every later render and in a page rendered afresh. A
 * value only the browser knows (device features, stored choices) must wait for false, or
 * hydration would meet HTML other than the build's.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
}
