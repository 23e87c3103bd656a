import { WIND_DOWN_HINT_KEY } from '../domain/prePaintScript';
import { windDownHint, type WindDownChoices } from '../domain/windDown';
import { keepPrePaintHint } from './prePaintHint';

/** The evening patterns in the hint now (a stored hint, or none). */
function hintedEvening(): string[] {
  try {
    // Typed by hand, as in ./prePaintHint: the service worker's types have no localStorage.
    const storage = (globalThis as { localStorage?: { getItem(key: string): string | null } })
      .localStorage;
    const raw = storage?.getItem(WIND_DOWN_HINT_KEY);
    const n = raw ? (JSON.parse(raw) as { n?: unknown }).n : undefined;
    return Array.isArray(n) ? n.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Remembers the person's wind-down choices for the pre-paint script
 * (../domain/prePaintScript), resolved by ../domain/windDown's windDownHint, so a session page
 * paints its low red theme from the start. `evening`: the page's pattern (or program), when it
 * is an evening one; the person's own evening patterns stay in the hint from visit to visit.
 * The choices themselves are the person's preferences `windDown` and `windDownOff` in the
 * local database.
 */
export function rememberWindDown(choices: WindDownChoices, evening: string | null): void {
  keepPrePaintHint(
    WIND_DOWN_HINT_KEY,
    JSON.stringify(windDownHint(choices, hintedEvening(), evening)),
  );
}
