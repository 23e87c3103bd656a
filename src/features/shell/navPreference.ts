import { useSyncExternalStore } from 'react';
import type { BottomNavVariant } from '../../domain/navigation';

/** Which bottom navigation a touch device shows: a per-device preference (default B). */
const KEY = 'pneuma.bottomNavVariant';
const listeners = new Set<() => void>();

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
  listeners.forEach((l) => l());
}

export function useBottomNavVariant(): BottomNavVariant {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    read,
    read,
  );
}
