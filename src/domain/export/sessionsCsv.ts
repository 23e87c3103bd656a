import { SESSION_MODES, type SessionMode } from '../sessionModes';
import type { SessionRecord } from '../sessionRecord';
import { offsetMinutes } from '../reminders/zone';
import { csvLine, csvQuotedLine, CsvSyntaxError, parseCsv } from './csv';

/**
 * The sessions CSV and the mindful-minutes CSV (docs/product.md § Your data). One row a
 * session; the columns below, in this order, with this header line. Times are ISO 8601
 * local date-times with the UTC offset they had on the device's clock
 * (2026-11-27T07:30:00+01:00; milliseconds when the time has them, 07:30:00.250+01:00). Empty = not measured.
 * Every cell after the header is quoted, and every piece of a cell between `,` and `;` (the
 * separators spreadsheets split on, by locale) that a spreadsheet would run as a formula
 * (starting, after spaces, with = + - @, a tab or a line break) gets an apostrophe before it,
 * which import removes (a piece that already starts with apostrophes and then such a character
 * gets one more, so any text reads back exactly).
 */
export const SESSIONS_CSV_COLUMNS = [
  'id',
  'started_at',
  'pattern_id',
  'pattern',
  'mode',
  'duration_seconds',
  'cycles',
  'target_cycles',
  'completed',
  'breath_hold_seconds',
  'stillness_score',
  'score',
] as const;

/** For health-import tools: one mindful session a row, ISO start and end. */
const MINDFUL_CSV_COLUMNS = ['start', 'end', 'minutes', 'activity', 'pattern'] as const;

export const NOT_A_PNEUMA_EXPORT =
  'This file is not a Pneuma export. Choose a file saved with “Export data”.';
/** Most rows one import reads. */
const MAX_CSV_ROWS = 50_000;

const pad = (n: number, w = 2) => String(Math.abs(n)).padStart(w, '0');

/** ISO 8601 with the offset `timeZone` had at that instant: 2026-11-27T07:30:00+01:00. */
function isoWithOffset(ms: number, timeZone: string): string {
  const off = offsetMinutes(ms, timeZone);
  const d = new Date(ms + off * 60_000);
  const sign = off < 0 ? '-' : '+';
  const millis = d.getUTCMilliseconds() ? `.${pad(d.getUTCMilliseconds(), 3)}` : '';
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}${millis}${sign}${pad(Math.floor(Math.abs(off) / 60))}:${pad(Math.abs(off) % 60)}`;
}

/** The pieces of a cell a spreadsheet may split it into, with the separators between them. */
const PIECES = /([;,])/;
const FORMULA_START = /^(\s*)('*[=+\-@\t\r\n])/;
const NEUTRALISED_START = /^(\s*)'('*[=+\-@\t\r\n])/;

function safeText(s: string): string {
  return s
    .split(PIECES)
    .map((piece, i) => (i % 2 ? piece : piece.replace(FORMULA_START, "$1'$2")))
    .join('');
}
function unsafeText(s: string): string {
  return s
    .split(PIECES)
    .map((piece, i) => (i % 2 ? piece : piece.replace(NEUTRALISED_START, '$1$2')))
    .join('');
}
/** A data row: every cell neutralised and quoted. */
const dataLine = (cells: string[]) => csvQuotedLine(cells.map(safeText));
/** Numbers as JavaScript's shortest exact form, so an import reads back the same value. */
const num = (n: number | undefined) =>
  n === undefined || n === null || !Number.isFinite(n) ? '' : String(n);

export function formatSessionsCsv(sessions: SessionRecord[], timeZone: string): string {
  const lines = [csvLine([...SESSIONS_CSV_COLUMNS])];
  for (const s of [...sessions].sort((a, b) => a.startTime - b.startTime)) {
    lines.push(
      dataLine([
        s.id,
        isoWithOffset(s.startTime, timeZone),
        s.patternId,
        s.patternName,
        s.sessionType,
        num(s.duration),
        String(s.cycleCount),
        String(s.targetCycles),
        s.completed ? 'true' : 'false',
        num(s.breathHoldTime),
        num(s.stillnessScore),
        num(s.qualityScore),
      ]),
    );
  }
  return lines.join('\r\n') + '\r\n';
}

/** Health apps keep mindful sessions to the second. */
const wholeSecond = (ms: number) => Math.round(ms / 1000) * 1000;

export function formatMindfulCsv(sessions: SessionRecord[], timeZone: string): string {
  const lines = [csvLine([...MINDFUL_CSV_COLUMNS])];
  for (const s of [...sessions].sort((a, b) => a.startTime - b.startTime)) {
    if (!(s.duration > 0)) continue;
    const end = s.startTime + s.duration * 1000;
    lines.push(
      dataLine([
        isoWithOffset(wholeSecond(s.startTime), timeZone),
        isoWithOffset(wholeSecond(end), timeZone),
        String(Math.round((s.duration / 60) * 100) / 100),
        'Mindful Session',
        s.patternName,
      ]),
    );
  }
  return lines.join('\r\n') + '\r\n';
}

/** A session read from a sessions CSV (the fields the CSV carries). */
export interface CsvSession {
  id: string;
  startTime: number;
  patternId: string;
  patternName: string;
  sessionType: SessionMode;
  duration: number;
  cycleCount: number;
  targetCycles: number;
  completed: boolean;
  breathHoldTime?: number;
  stillnessScore?: number;
  qualityScore?: number;
}

export interface CsvRefusal {
  line: number;
  reason: string;
}

type CsvFileKind = 'sessions' | 'mindful' | 'foreign';

export function csvKind(text: string): CsvFileKind {
  let first: string[] | undefined;
  try {
    first = parseCsv(text.slice(0, 2000).split(/\r?\n/)[0] ?? '')[0]?.fields;
  } catch {
    return 'foreign';
  }
  const header = (first ?? []).join(',');
  if (header === SESSIONS_CSV_COLUMNS.join(',')) return 'sessions';
  if (header === MINDFUL_CSV_COLUMNS.join(',')) return 'mindful';
  return 'foreign';
}

const ISO_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Reads a sessions CSV: the sessions it holds and, per refused row, its line and why.
 * Throws NOT_A_PNEUMA_EXPORT for any other file, and a sentence for broken CSV.
 */
export function parseSessionsCsv(text: string): { sessions: CsvSession[]; refusals: CsvRefusal[] } {
  if (csvKind(text) !== 'sessions') throw new Error(NOT_A_PNEUMA_EXPORT);
  let rows;
  try {
    rows = parseCsv(text);
  } catch (e) {
    if (e instanceof CsvSyntaxError)
      throw new Error(`The file is damaged near line ${e.line}: ${e.message}.`, { cause: e });
    throw e;
  }
  if (rows.length - 1 > MAX_CSV_ROWS)
    throw new Error(
      `The file has more than ${MAX_CSV_ROWS} sessions: split it and import each part.`,
    );
  const sessions: CsvSession[] = [];
  const refusals: CsvRefusal[] = [];
  const seen = new Set<string>();
  for (const { line, fields } of rows.slice(1)) {
    const refuse = (reason: string) => refusals.push({ line, reason });
    if (fields.length !== SESSIONS_CSV_COLUMNS.length) {
      refuse(`has ${fields.length} columns, not ${SESSIONS_CSV_COLUMNS.length}`);
      continue;
    }
    const f = Object.fromEntries(
      SESSIONS_CSV_COLUMNS.map((c, i) => [c, fields[i]!.trim()]),
    ) as Record<(typeof SESSIONS_CSV_COLUMNS)[number], string>;
    if (!UUID.test(f.id)) {
      refuse('id is not a session id (a UUID)');
      continue;
    }
    const id = f.id.toLowerCase();
    if (seen.has(id)) {
      refuse('repeats the session of an earlier row (same id)');
      continue;
    }
    const start = ISO_OFFSET.test(f.started_at) ? Date.parse(f.started_at) : NaN;
    if (!Number.isFinite(start)) {
      refuse('started_at is not a date and time with an offset (2026-11-27T07:30:00+01:00)');
      continue;
    }
    if (!f.pattern_id || !f.pattern) {
      refuse('pattern_id and pattern are needed');
      continue;
    }
    if (!(SESSION_MODES as readonly string[]).includes(f.mode)) {
      refuse(`mode must be one of ${SESSION_MODES.join(', ')}`);
      continue;
    }
    const number = (
      name: keyof typeof f,
      opts: { int?: boolean; max?: number; optional?: boolean },
    ): number | undefined | string => {
      const v = f[name];
      if (v === '') return opts.optional ? undefined : `${name} is empty`;
      const n = Number(v);
      if (!Number.isFinite(n) || n < 0) return `${name} must be a number of 0 or more`;
      if (opts.int && !Number.isInteger(n)) return `${name} must be a whole number`;
      if (opts.max !== undefined && n > opts.max) return `${name} must be at most ${opts.max}`;
      return n;
    };
    const values = {
      duration: number('duration_seconds', { max: 86_400 }),
      cycles: number('cycles', { int: true, max: 100_000 }),
      target: number('target_cycles', { int: true, max: 100_000 }),
      hold: number('breath_hold_seconds', { optional: true, max: 86_400 }),
      stillness: number('stillness_score', { optional: true, max: 100 }),
      score: number('score', { optional: true, max: 100 }),
    };
    const bad = Object.values(values).find((v) => typeof v === 'string');
    if (typeof bad === 'string') {
      refuse(bad);
      continue;
    }
    if (f.completed !== 'true' && f.completed !== 'false') {
      refuse('completed must be true or false');
      continue;
    }
    seen.add(id);
    sessions.push({
      id,
      startTime: start,
      patternId: unsafeText(f.pattern_id),
      patternName: unsafeText(f.pattern),
      sessionType: f.mode as SessionMode,
      duration: values.duration as number,
      cycleCount: values.cycles as number,
      targetCycles: values.target as number,
      completed: f.completed === 'true',
      ...(values.hold !== undefined ? { breathHoldTime: values.hold as number } : {}),
      ...(values.stillness !== undefined ? { stillnessScore: values.stillness as number } : {}),
      ...(values.score !== undefined ? { qualityScore: values.score as number } : {}),
    });
  }
  return { sessions, refusals };
}
