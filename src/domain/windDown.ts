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
import { EVENING_HOURS } from './nightTheme';
import type { PatternTimings } from './patterns';
import type { PhaseTiming, Segment } from './programs/programTypes';

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

/**
 * An evening program: breathing (and rests) only, no hold or retention segment, and each
 * breathe segment's phases an evening pattern (a top-up counts with its inhale, a pause as
 * the hold on empty lungs): Cyclic Sighing, 4-7-11, Resonance 5.5.
 */
export function isEveningProgram(p: { segments: readonly Segment[] }): boolean {
  const sum = (phases: readonly PhaseTiming[], kinds: readonly string[]) =>
    phases.reduce((t, ph) => t + (kinds.includes(ph.phase) ? ph.seconds : 0), 0);
  let breathes = 0;
  for (const s of p.segments) {
    if (s.kind === 'rest') continue;
    if (s.kind !== 'breathe') return false;
    breathes++;
    const timings = {
      inhale: sum(s.phases, ['inhale', 'topup']),
      hold: sum(s.phases, ['hold']),
      exhale: sum(s.phases, ['exhale']),
      hold_after_exhale: sum(s.phases, ['pause']),
    };
    if (!isEveningPattern(timings)) return false;
  }
  return breathes > 0;
}

/** The wind-down id of a program: its sessions' pattern id (`program:<id>`). */
export const programWindDownId = (programId: string): string => `program:${programId}`;

/**
 * The catalogue's evening patterns, written out for the pre-paint script (which cannot carry
 * the catalogue); tests/domain/windDown.test.ts checks the list against isEveningPattern.
 */
export const EVENING_PATTERN_IDS: readonly string[] = [
  'coherent',
  'mindfulness',
  'relaxation',
  'resonant',
  'sleep',
];

/** At most this many of the person's own evening patterns are kept in the hint (the latest). */
const MAX_OWN_EVENING = 50;

/**
 * The pre-paint hint (src/data/windDownHint; ./prePaintScript reads it): windDownOn resolved
 * for the script, which cannot read the catalogue or the database. `a`: the patterns on at
 * any hour (the person's `on`); `n`: the evening patterns on in the evening band, the
 * catalogue's and the person's own (those the hint held before, `hinted`, and the page's
 * `evening` one), less any the person switched off. Programs are left out: a program's page
 * is the app shell, with no pre-paint.
 */
export function windDownHint(
  choices: WindDownChoices,
  hinted: readonly string[],
  evening: string | null,
): { a: string[]; n: string[] } {
  let own = hinted.filter((id) => !EVENING_PATTERN_IDS.includes(id));
  if (
    evening &&
    !evening.startsWith(programWindDownId('')) &&
    !EVENING_PATTERN_IDS.includes(evening)
  )
    own = [...own.filter((id) => id !== evening), evening].slice(-MAX_OWN_EVENING);
  const n = [...EVENING_PATTERN_IDS, ...own].filter(
    (id) => !choices.off.includes(id) && !choices.on.includes(id),
  );
  return { a: choices.on.filter((id) => !id.startsWith(programWindDownId(''))), n };
}

/**
 * The person's wind-down choices, each pattern (or `program:<id>`) at most in one list:
 * switched on, or switched off.
 */
export interface WindDownChoices {
  on: string[];
  off: string[];
}

/**
 * Whether a session runs in wind-down mode (docs/product.md § Sleep and sound): the person's
 * own choice for this pattern wins; without one, an evening pattern (or program) opened in
 * the evening band (EVENING_HOURS: 17:00 until 6:00 local time, the band the dark theme
 * follows) has it on, and everything else off. `now` is read in the device's local time
 * (the hour on its clock, daylight saving included).
 */
export function windDownOn(
  choices: WindDownChoices,
  id: string,
  evening: boolean,
  now: Date,
): boolean {
  if (choices.on.includes(id)) return true;
  if (choices.off.includes(id)) return false;
  return evening && EVENING_HOURS.includes(now.getHours());
}

/** Pattern ids from anything stored (a bad value is none). */
export function windDownPatterns(value: unknown): string[] {
  return Array.isArray(value)
    ? [...new Set(value.filter((v): v is string => typeof v === 'string' && v.length > 0))]
    : [];
}

/** The choices with one pattern's switch set (on or off: either way the person's choice). */
export function withWindDown(
  choices: WindDownChoices,
  patternId: string,
  on: boolean,
): WindDownChoices {
  const without = (list: readonly string[]) => list.filter((id) => id !== patternId);
  return on
    ? { on: [...without(choices.on), patternId], off: without(choices.off) }
    : { on: without(choices.on), off: [...without(choices.off), patternId] };
}
