import { DEFAULT_PATTERN_ID } from '../domain/patterns';
import { SESSION_PATTERN_HINT_KEY } from '../domain/prePaintScript';

/** The part of localStorage used here (typed by hand: the service worker's types have none). */
interface HintStorage {
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * Remembers what a plain visit to a session page (`/session/<mode>`, no query) shows now,
 * for the page's pre-paint script (../domain/prePaintScript); null or the default: nothing
 * to remember. A hint only: the choice itself lives in the local database.
 */
export function rememberSessionPattern(patternId: string | null): void {
  try {
    // Pages only: the data layer also runs in the service worker, which has no localStorage.
    const storage = (globalThis as { localStorage?: HintStorage }).localStorage;
    if (!storage) return;
    if (patternId === null || patternId === DEFAULT_PATTERN_ID) storage.removeItem(SESSION_PATTERN_HINT_KEY);
    else storage.setItem(SESSION_PATTERN_HINT_KEY, patternId);
  } catch {
    // storage unavailable (private mode, quota): the next visit may show the default first
  }
}
