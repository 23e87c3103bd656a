import { WIND_DOWN_HINT_KEY } from '../domain/prePaintScript';

/** The part of localStorage used here (typed by hand: the service worker's types have none). */
interface HintStorage {
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * Remembers which patterns have wind-down on, for the session page's pre-paint script
 * (../domain/prePaintScript), so the page paints its low red theme from the start. A hint
 * only: the choice itself is the person's preference `windDown` in the local database.
 */
export function rememberWindDown(patternIds: readonly string[]): void {
  try {
    const storage = (globalThis as { localStorage?: HintStorage }).localStorage;
    if (!storage) return;
    if (patternIds.length === 0) storage.removeItem(WIND_DOWN_HINT_KEY);
    else storage.setItem(WIND_DOWN_HINT_KEY, JSON.stringify(patternIds));
  } catch {
    // storage unavailable (private mode, quota): the page shows its theme once the app starts
  }
}
