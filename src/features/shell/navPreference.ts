import { useSyncExternalStore } from 'react';
import { changeSignal } from '../../ui/changeSignal';
import type { BottomNavVariant } from '../../domain/navigation';

/** Which bottom navigation a touch device shows: a per-device preference (default B). */
const KEY = 'pneuma.bottomNavVariant';
const changes = changeSignal();

function read(): BottomNavVariant {
  try {
    return localStorage.getItem(KEY) === 'A' ? 'A' : 'B';
  } catch {
    return 'B';
  }
}

export function setBottomNavVariant(v: BottomNavVariant): void {
  try {
    localStorage.setItem(KEY, v);
  } catch {
    // storage unavailable (private mode): the choice lasts for this page only
  }
  changes.notify();
}

export function useBottomNavVariant(): BottomNavVariant {
  // Prerendered pages are built with the default (B); hydration starts there.
  return useSyncExternalStore(changes.subscribe, read, () => 'B');
}
