/** The part of localStorage used here (typed by hand: the service worker's types have none). */
interface HintStorage {
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * Keeps one hint for the pages' pre-paint script (../domain/prePaintScript) in localStorage:
 * `value`, or none when null. A hint only: the choice itself lives in the local database.
 * Pages only: the data layer also runs in the service worker, which has no localStorage; and
 * where storage is refused (private mode, quota) the page paints its default until the app
 * has read the database.
 */
export function keepPrePaintHint(key: string, value: string | null): void {
  try {
    const storage = (globalThis as { localStorage?: HintStorage }).localStorage;
    if (!storage) return;
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
  } catch {
    // storage unavailable: nothing to keep
  }
}
