/**
 * The 'advanced' session preset's timing monitor (docs/product.md § Sessions): how late the
 * screen showed each phase switch after the breath clock's scheduled time, from the
 * session's own timing probe entries (src/features/session/timingProbe.ts). Pure; measured,
 * never estimated: no entry, no figure.
 */
export interface ScreenTiming {
  /** Phase switches measured. */
  switches: number;
  /** Milliseconds the screen showed a switch after its scheduled time (negative: before). */
  medianLateMs: number;
  /** The 95th percentile (nearest rank). */
  p95LateMs: number;
  worstLateMs: number;
}

/** Nearest-rank percentile of sorted values (p in 0..100). */
function percentile(sorted: readonly number[], p: number): number {
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1]!;
}

/**
 * The screen timing of the switches scheduled at or after `since` (performance.now() time
 * the session started), or null before the first one. Entries with a non-finite time are
 * left out.
 */
export function summariseScreenTiming(
  entries: readonly { scheduledAt: number; actualAt: number }[],
  since: number,
): ScreenTiming | null {
  const late = entries
    .filter(
      (e) =>
        Number.isFinite(e.scheduledAt) && Number.isFinite(e.actualAt) && e.scheduledAt >= since,
    )
    .map((e) => e.actualAt - e.scheduledAt)
    .sort((a, b) => a - b);
  if (late.length === 0) return null;
  return {
    switches: late.length,
    medianLateMs: percentile(late, 50),
    p95LateMs: percentile(late, 95),
    worstLateMs: late[late.length - 1]!,
  };
}
