import { WIND_DOWN_HINT_KEY } from '../domain/prePaintScript';
import { keepPrePaintHint } from './prePaintHint';

/**
 * Remembers which patterns have wind-down on, for the session page's pre-paint script
 * (../domain/prePaintScript), so the page paints its low red theme from the start. The
 * choice itself is the person's preference `windDown` in the local database.
 */
export function rememberWindDown(patternIds: readonly string[]): void {
  keepPrePaintHint(WIND_DOWN_HINT_KEY, patternIds.length === 0 ? null : JSON.stringify(patternIds));
}
