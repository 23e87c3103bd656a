import { useSyncExternalStore } from 'react';
import { getReduceMotion, subscribeTheme } from '../styles/theme';

const QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(cb: () => void): () => void {
  const unsubscribeChoice = subscribeTheme(cb);
  if (typeof window === 'undefined' || !window.matchMedia) return unsubscribeChoice;
  const mq = window.matchMedia(QUERY);
  mq.addEventListener('change', cb);
  return () => {
    mq.removeEventListener('change', cb);
    unsubscribeChoice();
  };
}

/**
 * Less motion: the system's prefers-reduced-motion, or the choice made in Settings on this
 * device (src/styles/theme), live as either changes.
 */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribe,
    () =>
      getReduceMotion() ||
      (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(QUERY).matches : false),
    () => false,
  );
}
