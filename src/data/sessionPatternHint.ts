import { DEFAULT_PATTERN_ID } from '../domain/patterns';
import { SESSION_PATTERN_HINT_KEY } from '../domain/prePaintScript';
import { keepPrePaintHint } from './prePaintHint';

/**
 * Remembers what a plain visit to a session page (`/session/<mode>`, no query) shows now,
 * for the page's pre-paint script (../domain/prePaintScript); null or the default: nothing
 * to remember (the next visit may show the default first).
 */
export function rememberSessionPattern(patternId: string | null): void {
  keepPrePaintHint(
    SESSION_PATTERN_HINT_KEY,
    patternId === null || patternId === DEFAULT_PATTERN_ID ? null : patternId,
  );
}
