/**
 * Wind-down mode (issue #47, item 1; docs/product.md § Sleep and sound), pure: which patterns
 * are evening patterns, and the volume curve the cue track follows over a session's last
 * minutes.
 *
 * The curve, `windDownGain(remainingMs, totalMs)`: full volume (1) until the ramp begins,
 * then a raised cosine down to WIND_DOWN_FLOOR at the end of the last breath, and the floor
 * after it (the closing notes ring at the floor). The ramp lasts WIND_DOWN_RAMP_MS (3 minutes)
 * or half the session when that is shorter, so a short session still winds down and a long one
 * keeps its cues clear until its last minutes. With r = remaining / ramp in 0..1:
 *
 *   gain = FLOOR + (1 - FLOOR) * (1 - cos(pi * r)) / 2
 *
 * Its slope is zero where the ramp begins and where it ends (no audible step), it never rises,
 * and it never goes above 1, so it cannot push a cue that fitted before past full scale.
 */
import type { PatternTimings } from './patterns';

/** The ramp's length for sessions of six minutes or more. */
const WIND_DOWN_RAMP_MS = 3 * 60_000;
/** The cue volume at the end, as a share of the chosen volume (a quarter: about -12 dB). */
const WIND_DOWN_FLOOR = 0.25;

/** The ramp's length for a session of `totalMs` planned active time. */
function windDownRampMs(totalMs: number): number {
  return Math.max(0, Math.min(WIND_DOWN_RAMP_MS, totalMs / 2));
}

/**
 * The cue gain (WIND_DOWN_FLOOR..1) `remainingMs` before the end of a session of `totalMs`
 * (negative remaining: after the end, the closing notes).
 */
export function windDownGain(remainingMs: number, totalMs: number): number {
  const ramp = windDownRampMs(totalMs);
  if (remainingMs >= ramp) return 1;
  if (remainingMs <= 0 || ramp <= 0) return WIND_DOWN_FLOOR;
  const r = remainingMs / ramp;
  return WIND_DOWN_FLOOR + ((1 - WIND_DOWN_FLOOR) * (1 - Math.cos(Math.PI * r))) / 2;
}

/**
 * The evening patterns, offered wind-down first: the sleep category, the long-exhale patterns
 * (breathing out at least one and a half times as long as in: 4-7-8, 4-6) and resonance
 * breathing (no holds, 5 to 7 breaths a minute). Any other pattern can have it too.
 */
export function isEveningPattern(p: PatternTimings & { category?: string }): boolean {
  if (p.category === 'sleep') return true;
  if (p.inhale > 0 && p.exhale >= 1.5 * p.inhale) return true;
  const cycle = p.inhale + p.hold + p.exhale + p.hold_after_exhale;
  const perMinute = cycle > 0 ? 60 / cycle : Infinity;
  return p.hold === 0 && p.hold_after_exhale === 0 && perMinute >= 5 && perMinute <= 7;
}

/** Pattern ids with wind-down on, from anything stored (a bad value is none). */
export function windDownPatterns(value: unknown): string[] {
  return Array.isArray(value)
    ? [...new Set(value.filter((v): v is string => typeof v === 'string' && v.length > 0))]
    : [];
}

/** The stored list with one pattern's switch set. */
export function withWindDown(list: readonly string[], patternId: string, on: boolean): string[] {
  const rest = list.filter((id) => id !== patternId);
  return on ? [...rest, patternId] : rest;
}
