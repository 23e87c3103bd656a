import { addDays, fromLocal, isTimeZone, toLocal, weekday, type LocalDateTime } from './zone';

/**
 * A practice reminder (docs/product.md § Reminders): days of the week, a local time and a
 * pattern. The same shape drives the calendar file, the server's push schedule and the
 * in-app reminder.
 */
export interface Reminder {
  /** Stable id: the calendar event's UID and the push schedule's key. */
  id: string;
  /** Days of the week, 0 = Sunday ... 6 = Saturday; at least one. */
  days: number[];
  /** Local time, 24-hour "HH:MM". */
  time: string;
  patternId: string;
  patternName: string;
}

/** At most this many reminders per device. */
export const MAX_REMINDERS = 7;

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** What is wrong with a reminder, in words, or null when it is valid. */
export function reminderProblem(r: Reminder): string | null {
  if (!r.id || r.id.length > 64) return 'The reminder has no id.';
  if (!Array.isArray(r.days) || r.days.length === 0) return 'Choose at least one day.';
  if (r.days.some((d) => !Number.isInteger(d) || d < 0 || d > 6)) return 'A day must be Sunday to Saturday.';
  if (new Set(r.days).size !== r.days.length) return 'A day is chosen twice.';
  if (!TIME_RE.test(r.time)) return 'Choose a time as hours and minutes (HH:MM).';
  if (!r.patternId || r.patternId.length > 100) return 'Choose a pattern.';
  if (!r.patternName || r.patternName.length > 100) return 'The pattern needs a name.';
  return null;
}

export function parseTime(time: string): { hour: number; minute: number } {
  const m = TIME_RE.exec(time);
  if (!m) throw new RangeError(`Not a time: ${time}`);
  return { hour: Number(m[1]), minute: Number(m[2]) };
}

/**
 * The first instant strictly after `afterMs` at which the reminder is due in `timeZone`
 * (its time on one of its days, as the zone's wall clock shows it, clock changes included).
 */
export function nextOccurrence(r: Pick<Reminder, 'days' | 'time'>, timeZone: string, afterMs: number): number {
  if (!isTimeZone(timeZone)) throw new RangeError(`Unknown time zone: ${timeZone}`);
  const { hour, minute } = parseTime(r.time);
  const today: LocalDateTime = { ...toLocal(afterMs, timeZone), hour, minute };
  for (let i = 0; i <= 8; i++) {
    const day = addDays(today, i);
    if (!r.days.includes(weekday(day))) continue;
    const at = fromLocal(day, timeZone);
    if (at > afterMs) return at;
  }
  throw new RangeError('A reminder needs at least one day.');
}

/** The earliest next instant of any of the reminders, or null when there are none. */
export function nextOfAll(reminders: Pick<Reminder, 'days' | 'time'>[], timeZone: string, afterMs: number): number | null {
  let best: number | null = null;
  for (const r of reminders) {
    const at = nextOccurrence(r, timeZone, afterMs);
    if (best === null || at < best) best = at;
  }
  return best;
}

/** "Mon, Wed, Fri at 07:30" */
export function describeReminder(r: Pick<Reminder, 'days' | 'time'>): string {
  const sorted = [...r.days].sort((a, b) => ((a + 6) % 7) - ((b + 6) % 7));
  const days =
    sorted.length === 7
      ? 'Every day'
      : sorted.length === 5 && [1, 2, 3, 4, 5].every((d) => sorted.includes(d))
        ? 'Weekdays'
        : sorted.map((d) => WEEKDAY_NAMES[d]!.slice(0, 3)).join(', ');
  return `${days} at ${r.time}`;
}

/** The path in the app that opens the reminder's pattern ready to practise. */
export function reminderPath(r: Pick<Reminder, 'patternId'>): string {
  return `/session/classic?pattern=${encodeURIComponent(r.patternId)}`;
}
