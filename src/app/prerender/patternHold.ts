import { PATTERN_HOLD_ATTR } from '../../domain/prePaintScript';

/**
 * The session's pattern is known: the prerendered page's card may show (the pre-paint
 * script, ../../domain/prePaintScript, held it hidden when the visit might resolve to
 * another pattern than the one it was built with).
 */
export function releasePatternHold(): void {
  if (typeof document !== 'undefined') document.documentElement.removeAttribute(PATTERN_HOLD_ATTR);
}
