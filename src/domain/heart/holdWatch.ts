/**
 * The watch over a breath hold (docs/product.md § Heart and safety): a hold's limit is the
 * person's own best hold plus 30 s, at most 3 minutes; a person may set it lower, never
 * higher. Without a best yet (a first retention) the limit is the cap. Pure.
 */

const HOLD_LIMIT_MARGIN_MS = 30_000;
export const HOLD_LIMIT_CAP_MS = 180_000;

/** The best hold this person has recorded (ms), from stored sessions and this session's holds; null without one. */
export function bestHoldMs(
  sessions: readonly { breathHoldTime?: number; program?: { retentionsMs: readonly number[] } }[],
  holdsThisSessionMs: readonly number[] = [],
): number | null {
  let best = -Infinity;
  for (const s of sessions) {
    if (typeof s.breathHoldTime === 'number') best = Math.max(best, s.breathHoldTime * 1000);
    for (const r of s.program?.retentionsMs ?? []) best = Math.max(best, r);
  }
  for (const h of holdsThisSessionMs) best = Math.max(best, h);
  return Number.isFinite(best) && best > 0 ? best : null;
}

/**
 * The limit: min(best + 30 s, 3 min); a chosen limit only lowers it (a higher or missing
 * choice is ignored).
 */
export function holdLimitMs(bestMs: number | null, chosenMs?: number | null): number {
  const own = bestMs !== null && bestMs > 0 ? bestMs + HOLD_LIMIT_MARGIN_MS : HOLD_LIMIT_CAP_MS;
  const limit = Math.min(own, HOLD_LIMIT_CAP_MS);
  return chosenMs && chosenMs > 0 ? Math.min(limit, chosenMs) : limit;
}

/** Whether the alarm is due: the hold has lasted its limit. */
export function holdAlarmDue(heldMs: number, limitMs: number): boolean {
  return heldMs >= limitMs;
}
