import { useEffect, useSyncExternalStore } from 'react';
import { changeSignal } from '../../ui/changeSignal';

/**
 * Immersive view (docs/product.md § Sessions): while a session runs, the app's chrome
 * (header with the sync badge, footer) recedes and the session fills the screen. A screen
 * asks for it with useImmersiveChrome(true); the shell reads it with useChromeReceded().
 */
const changes = changeSignal();
let holders = 0;

export function useImmersiveChrome(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    holders++;
    changes.notify();
    return () => {
      holders--;
      changes.notify();
    };
  }, [active]);
}

const receded = () => holders > 0;

export function useChromeReceded(): boolean {
  return useSyncExternalStore(changes.subscribe, receded, () => false);
}
