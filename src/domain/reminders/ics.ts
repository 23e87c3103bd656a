import { nextOccurrence, parseTime, reminderPath, type Reminder } from './schedule';
import { offsetChanges, offsetMinutes, toLocal, type LocalDateTime } from './zone';

/**
 * The 'Add to calendar' file (RFC 5545): one VCALENDAR, one VEVENT per reminder with a
 * weekly RRULE on its days and a VALARM at its start, DTSTART in the user's zone (TZID)
 * with a VTIMEZONE built from the platform's zone data (every change of offset for the
 * next years), CRLF line ends, lines folded at 75 octets. The event's URL and description
 * open the pattern in the app. Works offline: nothing is fetched.
 */

const ICS_PRODID = '-//Pneuma//Practice reminders//EN';
/** The calendar event lasts as long as a typical practice. */
const REMINDER_EVENT_MINUTES = 10;
/** The VTIMEZONE covers this many years from the year before the first event. */
const ZONE_YEARS = 12;

const WEEKDAY_CODES = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;

interface CalendarOptions {
  /** IANA zone of the device, e.g. "Europe/Paris". "UTC" gives UTC times without VTIMEZONE. */
  timeZone: string;
  /** The app's origin for the link that opens the pattern, e.g. "https://pneuma.example". */
  origin: string;
  now: Date;
}

/**
 * TEXT value escaping (RFC 5545 3.3.11): every line break (CRLF, a bare CR or LF) as `\\n`, and
 * the other control characters, which TEXT may not hold, left out.
 */
function escapeText(s: string): string {
  return (
    s
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n|\r|\n/g, '\\n')
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
  );
}

/** Folds one content line at 75 octets (RFC 5545 3.1), never inside a UTF-8 character. */
function foldLine(line: string): string {
  const enc = new TextEncoder();
  const out: string[] = [];
  let cur = '';
  let curBytes = 0;
  for (const ch of line) {
    const n = enc.encode(ch).length;
    const limit = out.length === 0 ? 75 : 74; // continuation lines start with one space
    if (curBytes + n > limit) {
      out.push(cur);
      cur = '';
      curBytes = 0;
    }
    cur += ch;
    curBytes += n;
  }
  out.push(cur);
  return out.join('\r\n ');
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

function localStamp(l: LocalDateTime): string {
  return `${pad(l.year, 4)}${pad(l.month)}${pad(l.day)}T${pad(l.hour)}${pad(l.minute)}00`;
}

function utcStamp(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}Z`;
}

function utcOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const m = Math.abs(minutes);
  return `${sign}${pad(Math.floor(m / 60))}${pad(m % 60)}`;
}

/** VTIMEZONE lines for `timeZone` from `fromMs` over ZONE_YEARS years. */
function vtimezone(timeZone: string, fromMs: number): string[] {
  const start = toLocal(fromMs, timeZone);
  const startMs = Date.UTC(start.year - 1, 0, 1);
  const endMs = Date.UTC(start.year - 1 + ZONE_YEARS, 0, 1);
  const first = offsetMinutes(startMs, timeZone);
  const changes = offsetChanges(startMs, endMs, timeZone);
  const offsets = [first, ...changes.map((c) => c.to)];
  const standard = Math.min(...offsets);
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`];
  const observance = (kind: 'STANDARD' | 'DAYLIGHT', atMs: number, from: number, to: number) => {
    // DTSTART of an observance is the local time of the change before it (in TZOFFSETFROM).
    const local = toLocal(atMs + from * 60_000, 'UTC');
    lines.push(
      `BEGIN:${kind}`,
      `DTSTART:${localStamp(local)}`,
      `TZOFFSETFROM:${utcOffset(from)}`,
      `TZOFFSETTO:${utcOffset(to)}`,
      `END:${kind}`,
    );
  };
  observance(first > standard ? 'DAYLIGHT' : 'STANDARD', startMs, first, first);
  for (const c of changes)
    observance(c.to > standard ? 'DAYLIGHT' : 'STANDARD', c.at, c.from, c.to);
  lines.push('END:VTIMEZONE');
  return lines;
}

/** The whole .ics text for the reminders (at least one). */
export function buildCalendar(reminders: Reminder[], opts: CalendarOptions): string {
  if (reminders.length === 0) throw new RangeError('A calendar file needs at least one reminder.');
  const utc = opts.timeZone === 'UTC' || opts.timeZone === 'Etc/UTC';
  const nowMs = opts.now.getTime();
  const origin = opts.origin.replace(/\/+$/, '');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${ICS_PRODID}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
  ];
  if (!utc) lines.push(...vtimezone(opts.timeZone, nowMs));
  for (const r of reminders) {
    const first = nextOccurrence(r, opts.timeZone, nowMs);
    const { hour, minute } = parseTime(r.time);
    const dtstart = utc
      ? `DTSTART:${utcStamp(first)}`
      : `DTSTART;TZID=${opts.timeZone}:${localStamp({ ...toLocal(first, opts.timeZone), hour, minute })}`;
    const link = `${origin}${reminderPath(r)}`;
    const byday = [...r.days]
      .sort()
      .map((d) => WEEKDAY_CODES[d])
      .join(',');
    lines.push(
      'BEGIN:VEVENT',
      `UID:${escapeText(r.id)}@pneuma`,
      `DTSTAMP:${utcStamp(nowMs)}`,
      dtstart,
      `DURATION:PT${REMINDER_EVENT_MINUTES}M`,
      `RRULE:FREQ=WEEKLY;BYDAY=${byday}`,
      `SUMMARY:${escapeText(`Practice: ${r.patternName}`)}`,
      `DESCRIPTION:${escapeText(`Time for ${r.patternName}. Open Pneuma: ${link}`)}`,
      `URL:${link}`,
      'TRANSP:TRANSPARENT',
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      'TRIGGER:PT0S',
      `DESCRIPTION:${escapeText(`Time to practice: ${r.patternName}`)}`,
      'END:VALARM',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

export function calendarFileName(): string {
  return 'pneuma-reminders.ics';
}
