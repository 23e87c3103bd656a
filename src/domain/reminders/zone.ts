/**
 * Wall-clock time in an IANA time zone, from the platform's own zone data (Intl), with no
 * library: the offset of a zone at an instant, and the instant of a local date and time.
 */

export interface LocalDateTime {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** True when the platform knows this IANA zone name. */
export function isTimeZone(name: string): boolean {
  if (!name || name.length > 64) return false;
  try {
    formatter(name);
    return true;
  } catch {
    return false;
  }
}

/** The local wall time of `instantMs` in `timeZone` (seconds dropped). */
export function toLocal(instantMs: number, timeZone: string): LocalDateTime {
  const parts = formatter(timeZone).formatToParts(new Date(instantMs));
  const get = (t: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === t)?.value);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute') };
}

/** The zone's offset from UTC in minutes at an instant (east positive: Paris in winter is 60). */
export function offsetMinutes(instantMs: number, timeZone: string): number {
  const whole = Math.floor(instantMs / 60_000) * 60_000;
  const l = toLocal(whole, timeZone);
  return Math.round((Date.UTC(l.year, l.month - 1, l.day, l.hour, l.minute) - whole) / 60_000);
}

/**
 * The instant at which the wall clock of `timeZone` shows `local`. A time skipped by a
 * clock change (02:30 on a spring-forward night) is taken as the same span after the change
 * (03:30), as calendar programs do; a time that happens twice is the first one.
 */
export function fromLocal(local: LocalDateTime, timeZone: string): number {
  const wall = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
  const before = offsetMinutes(wall - 36 * 3_600_000, timeZone);
  const after = offsetMinutes(wall + 36 * 3_600_000, timeZone);
  // Try the earlier offset first (the first of two equal wall times), then the later.
  for (const off of [Math.max(before, after), Math.min(before, after)]) {
    const t = wall - off * 60_000;
    if (offsetMinutes(t, timeZone) === off) return t;
  }
  // Skipped wall time: keep the offset in force before the change.
  return wall - before * 60_000;
}

/** Day of the week of a local date, 0 = Sunday ... 6 = Saturday. */
export function weekday(local: Pick<LocalDateTime, 'year' | 'month' | 'day'>): number {
  return new Date(Date.UTC(local.year, local.month - 1, local.day)).getUTCDay();
}

/** The local date `days` after the given one (calendar arithmetic, no zone involved). */
export function addDays(local: LocalDateTime, days: number): LocalDateTime {
  const d = new Date(Date.UTC(local.year, local.month - 1, local.day + days));
  return { ...local, year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** A zone's changes of offset between two instants, each found to the minute. */
export function offsetChanges(
  fromMs: number,
  toMs: number,
  timeZone: string,
): { at: number; from: number; to: number }[] {
  const out: { at: number; from: number; to: number }[] = [];
  const step = 24 * 3_600_000;
  let t = Math.floor(fromMs / 60_000) * 60_000;
  let off = offsetMinutes(t, timeZone);
  while (t < toMs) {
    const next = Math.min(t + step, toMs);
    const nextOff = offsetMinutes(next, timeZone);
    if (nextOff !== off) {
      let lo = t;
      let hi = next;
      while (hi - lo > 60_000) {
        const mid = Math.floor((lo + hi) / 2 / 60_000) * 60_000;
        if (offsetMinutes(mid, timeZone) === off) lo = mid;
        else hi = mid;
      }
      out.push({ at: hi, from: off, to: nextOff });
      off = nextOff;
    }
    t = next;
  }
  return out;
}
