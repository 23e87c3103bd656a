import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  formatMindfulCsv,
  formatSessionsCsv,
  NOT_A_PNEUMA_EXPORT,
  parseSessionsCsv,
  SESSIONS_CSV_COLUMNS,
} from '../../../src/domain/export/sessionsCsv';
import { parseCsv } from '../../../src/domain/export/csv';
import { requireTool } from '../../support/required';
import { makeSession } from '../../sync/helpers';

/**
 * The sessions and mindful-minutes CSVs. Their text is read back by CPython's csv module
 * (an independent RFC 4180 reader) and its datetime.fromisoformat, not only by our parser.
 * Does not prove: how a given spreadsheet or health-import app maps the columns (the
 * mindful CSV follows the common start/end layout; each app's importer has its own mapping
 * step).
 */

/** Debian's CPython (a pyenv or virtualenv python3 on PATH is not what CI has). */
const PYTHON = '/usr/bin/python3';
const PYTHON_MODULES = 'import csv, io, json, sys, datetime';
const pythonCheck = spawnSync(PYTHON, ['-c', PYTHON_MODULES], { encoding: 'utf8' });
const pythonMissing =
  pythonCheck.error || pythonCheck.status !== 0
    ? `${PYTHON} with csv, io, json, datetime: ${pythonCheck.error?.message ?? pythonCheck.stderr.trim()} (apt-get install python3)`
    : null;

function pythonRead(csvText: string): { rows: string[][]; epochs: number[] } {
  const code = `
${PYTHON_MODULES}
text = sys.stdin.read()
rows = list(csv.reader(io.StringIO(text, newline='')))
epochs = [datetime.datetime.fromisoformat(r[1]).timestamp() for r in rows[1:]]
print(json.dumps({"rows": rows, "epochs": epochs}))
`;
  const r = spawnSync(PYTHON, ['-c', code], { input: csvText, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout) as { rows: string[][]; epochs: number[] };
}

const tricky = [
  makeSession(
    {
      patternName: 'Box, "calm" breathing\nevening',
      stillnessScore: 73.456789,
      qualityScore: 88,
      startTime: Date.UTC(2026, 10, 20, 8, 1, 0) + 67,
    },
    1,
  ),
  makeSession(
    {
      patternId: '=HYPERLINK("http://x")',
      patternName: '+Mine',
      breathHoldTime: undefined,
      sessionType: 'enhanced',
    },
    2,
  ),
  makeSession({ startTime: Date.UTC(2027, 6, 1, 5, 0, 0), duration: 95.5, completed: false }, 3),
];

describe('sessions CSV', () => {
  it('writes the documented header and ISO date-times with the offset of the moment (winter and summer)', () => {
    const text = formatSessionsCsv(tricky, 'Europe/Paris');
    expect(text.split('\r\n')[0]).toBe(SESSIONS_CSV_COLUMNS.join(','));
    // The start column of a one-session CSV.
    const startCell = (ms: number, timeZone: string) =>
      parseCsv(formatSessionsCsv([makeSession({ startTime: ms }, 9)], timeZone))[1]!.fields[1];
    expect(parseCsv(text)[1]!.fields[1]).toBe('2026-11-20T09:01:00.067+01:00');
    expect(startCell(Date.UTC(2026, 10, 20, 8, 1, 0), 'Europe/Paris')).toBe(
      '2026-11-20T09:01:00+01:00',
    );
    expect(startCell(Date.UTC(2027, 6, 1, 5, 0, 0), 'Europe/Paris')).toBe(
      '2027-07-01T07:00:00+02:00',
    );
    expect(startCell(Date.UTC(2027, 6, 1, 5, 0, 0), 'America/St_Johns')).toBe(
      '2027-07-01T02:30:00-02:30',
    );
    expect(startCell(Date.UTC(2026, 10, 20, 8, 1, 0) + 67, 'Europe/Paris')).toBe(
      '2026-11-20T09:01:00.067+01:00',
    );
  });

  const python = requireTool('CPython reading the sessions CSV', pythonMissing);
  it.runIf(python)('is read by CPython csv to the same fields and instants', () => {
    const text = formatSessionsCsv(tricky, 'America/New_York');
    const { rows, epochs } = pythonRead(text);
    expect(rows[0]).toEqual([...SESSIONS_CSV_COLUMNS]);
    expect(rows).toHaveLength(4);
    const byId = new Map(rows.slice(1).map((r) => [r[0], r]));
    expect(byId.get(tricky[0]!.id)![3]).toBe('Box, "calm" breathing\nevening');
    expect(byId.get(tricky[1]!.id)![2]).toBe(`'=HYPERLINK("http://x")`); // not a formula in a spreadsheet
    expect(epochs.map((e) => e * 1000).sort()).toEqual(tricky.map((s) => s.startTime).sort());
  });

  it('round-trips: parse gives back every exported field exactly', () => {
    const { sessions, refusals } = parseSessionsCsv(formatSessionsCsv(tricky, 'Asia/Kolkata'));
    expect(refusals).toEqual([]);
    for (const s of tricky) {
      const back = sessions.find((x) => x.id === s.id)!;
      expect(back).toEqual({
        id: s.id,
        startTime: s.startTime,
        patternId: s.patternId,
        patternName: s.patternName,
        sessionType: s.sessionType,
        duration: s.duration,
        cycleCount: s.cycleCount,
        targetCycles: s.targetCycles,
        completed: s.completed,
        ...(s.breathHoldTime !== undefined ? { breathHoldTime: s.breathHoldTime } : {}),
        ...(s.stillnessScore !== undefined ? { stillnessScore: s.stillnessScore } : {}),
        ...(s.qualityScore !== undefined ? { qualityScore: s.qualityScore } : {}),
      });
    }
  });

  it('explains every refused row by its line and keeps the good ones', () => {
    const good = formatSessionsCsv([tricky[2]!], 'UTC').trimEnd();
    const id = crypto.randomUUID();
    const text = [
      good,
      `not-a-uuid,2026-11-20T09:00:00+01:00,box,Box,classic,60,5,10,true,,,`,
      `${id},2026-11-20 09:00,box,Box,classic,60,5,10,true,,,`,
      `${crypto.randomUUID()},2026-11-20T09:00:00+01:00,box,Box,yoga,60,5,10,true,,,`,
      `${crypto.randomUUID()},2026-11-20T09:00:00+01:00,box,Box,classic,-3,5,10,true,,,`,
      `${crypto.randomUUID()},2026-11-20T09:00:00+01:00,box,Box,classic,60,5,10,yes,,,`,
      `${crypto.randomUUID()},2026-11-20T09:00:00+01:00,box,Box,classic,60,5,10,true,,101,`,
      `${tricky[2]!.id},2026-11-20T09:00:00+01:00,box,Box,classic,60,5,10,true,,,`,
      `${crypto.randomUUID()},2026-11-20T09:00:00+01:00,box`,
    ].join('\r\n');
    const { sessions, refusals } = parseSessionsCsv(text);
    expect(sessions.map((s) => s.id)).toEqual([tricky[2]!.id]);
    expect(refusals).toEqual([
      { line: 3, reason: 'id is not a session id (a UUID)' },
      {
        line: 4,
        reason: 'started_at is not a date and time with an offset (2026-11-27T07:30:00+01:00)',
      },
      { line: 5, reason: 'mode must be one of classic, enhanced, mobile' },
      { line: 6, reason: 'duration_seconds must be a number of 0 or more' },
      { line: 7, reason: 'completed must be true or false' },
      { line: 8, reason: 'stillness_score must be at most 100' },
      { line: 9, reason: 'repeats the session of an earlier row (same id)' },
      { line: 10, reason: 'has 3 columns, not 12' },
    ]);
  });

  it('says a foreign file is not a Pneuma export, and a damaged one where', () => {
    expect(() => parseSessionsCsv('Date,Amount\r\n2026-01-01,3\r\n')).toThrow(NOT_A_PNEUMA_EXPORT);
    expect(() => parseSessionsCsv('')).toThrow(NOT_A_PNEUMA_EXPORT);
    expect(() => parseSessionsCsv(`${SESSIONS_CSV_COLUMNS.join(',')}\r\nabc,"open`)).toThrow(
      /damaged near line 2/,
    );
  });
});

describe('mindful minutes CSV', () => {
  const python = requireTool('CPython reading the mindful minutes CSV', pythonMissing);
  it.runIf(python)(
    'has ISO start and end with offsets that CPython reads, minutes, and the activity',
    () => {
      const text = formatMindfulCsv(tricky, 'Europe/London');
      const { rows } = pythonRead(text);
      expect(rows[0]).toEqual(['start', 'end', 'minutes', 'activity', 'pattern']);
      const row = rows.find((r) => r[0] === '2027-07-01T06:00:00+01:00')!;
      expect(row.slice(1, 4)).toEqual(['2027-07-01T06:01:36+01:00', '1.59', 'Mindful Session']);
    },
  );
});
