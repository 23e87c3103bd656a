/**
 * Attacks through names (issue #42, item 6): a marketplace name with direction overrides or
 * line breaks, which `/p/` links refuse (one name rule for every surface), replayed on PGlite
 * and on a PostgreSQL 15 server with the real /api/market routes; and the files the app
 * writes from a pattern's name: the sessions CSV read back by CPython's csv module with `,`
 * and with `;` as the separator (as spreadsheets in `;` locales split), and the .ics file read
 * back by Mozilla's ical.js (the existing calendar tests' reader; python3-icalendar is not
 * installed on these machines).
 *
 * What it does NOT prove: what a given spreadsheet does with the file (LibreOffice, Excel and
 * Numbers each have their own import options; the test checks that no cell, however split,
 * starts like a formula); how each calendar app shows a SUMMARY; names already in the
 * marketplace before this rule (none can be shown unescaped: the page renders text, and
 * tests/server/attacks/direct-writes.test.ts shows they can only be written through /api).
 */
import { randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import {
  formatMindfulCsv,
  formatSessionsCsv,
  parseSessionsCsv,
} from '../../../src/domain/export/sessionsCsv';
import { checkLinkedPattern } from '../../../src/domain/links/patternLink';
import { getBuiltInProgram } from '../../../src/domain/programs/builtInPrograms';
import type { ProgramDefinition } from '../../../src/domain/programs/programTypes';
import { buildCalendar } from '../../../src/domain/reminders/ics';
import { useTestDb, type Backend } from '../helpers';
import { marketplaceHarness } from '../marketplace/harness';
import { onPostgres } from '../onPostgres';
import type { Member } from '../community/harness';
import { requireTool } from '../../support/required';
import { makeSession } from '../../sync/helpers';

const HOSTILE_NAMES = [
  'Calm\u202Egnp.exe',
  'Calm\u2066x\u2069',
  'Calm\r\nSUMMARY:x',
  'Calm\rx',
  'Calm\nx',
  'Calm\u0000',
];

function namesSuite(kind: Backend) {
  describe(`marketplace names on ${kind}`, () => {
    let h: Awaited<ReturnType<typeof marketplaceHarness>>;
    let a: Member;
    useTestDb(kind, async (db) => {
      h = await marketplaceHarness(db);
      a = await h.member('names-a', 'Ada');
    });

    it('refuses the names a /p/ link refuses, for patterns and programs', async () => {
      const asLinked = (over: Record<string, unknown>) => {
        const { sourcePatternId: _s, ...pattern } = h.draft(over);
        return checkLinkedPattern(pattern);
      };
      expect('pattern' in asLinked({ name: 'Calm évening 4-7-8 <3' })).toBe(true);
      for (const name of HOSTILE_NAMES) {
        // The link rule itself refuses the name …
        expect('error' in asLinked({ name }), JSON.stringify(name)).toBe(true);
        // … and so does the marketplace.
        const r = await h.publish(a, h.draft({ name }));
        expect(r.status, JSON.stringify(name)).toBe(400);
        const { id: _id, builtIn: _b, ...def } = getBuiltInProgram('box-rising')!;
        const p = await h.call('POST', '/api/market/programs', {
          token: a.token,
          body: {
            sourceProgramId: randomUUID(),
            program: { ...def, name } satisfies ProgramDefinition,
          },
        });
        expect(p.status, JSON.stringify(name)).toBe(400);
      }
      // Markup in a description, refused by links, is refused here too; a plain name publishes.
      expect(
        (await h.publish(a, h.draft({ description: 'Calm <script>alert(1)</script>' }))).status,
      ).toBe(400);
      expect((await h.publish(a, h.draft({ name: 'Calm évening 4-7-8 <3' }))).status).toBe(201);
    });
  });
}

namesSuite('pglite');
onPostgres('marketplace names', () => namesSuite('postgres'));

const PYTHON = '/usr/bin/python3';
const pythonCheck = spawnSync(PYTHON, ['-c', 'import csv, io, json, sys'], { encoding: 'utf8' });
const pythonMissing =
  pythonCheck.error || pythonCheck.status !== 0
    ? `${PYTHON} with csv: ${pythonCheck.error?.message ?? pythonCheck.stderr.trim()}`
    : null;

/** Every cell CPython's csv reads from `text` with `delimiter` (lenient, as spreadsheets are). */
function pythonCells(text: string, delimiter: string): string[] {
  const code = `
import csv, io, json, sys
rows = list(csv.reader(io.StringIO(sys.stdin.read(), newline=''), delimiter=${JSON.stringify(delimiter)}))
print(json.dumps([c for r in rows for c in r]))
`;
  const r = spawnSync(PYTHON, ['-c', code], { input: text, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout) as string[];
}

describe('pattern names in exported files', () => {
  const names = [
    'Calm;=1+2;x',
    'Calm,=HYPERLINK("http://x"),y',
    'Calm; +SUM(A1)',
    '@now',
    "'=already",
    "x;'=already",
    'a,-1',
    'Box\tbreath',
  ];
  const sessions = names.map((patternName, i) =>
    makeSession({ patternName, patternId: `custom-${i}` }, i + 1),
  );

  const python = requireTool('CPython reading the sessions CSV', pythonMissing);
  it.runIf(python)(
    'no cell of the sessions or mindful CSV starts like a formula, split on , or ; (and every data cell is quoted)',
    () => {
      for (const text of [
        formatSessionsCsv(sessions, 'Europe/Paris'),
        formatMindfulCsv(sessions, 'Europe/Paris'),
      ]) {
        for (const delimiter of [',', ';']) {
          const cells = pythonCells(text, delimiter);
          expect(cells.length).toBeGreaterThan(names.length);
          for (const cell of cells)
            expect(cell, `${JSON.stringify(cell)} split on ${delimiter}`).not.toMatch(
              /^[=+\-@\t\r\n]/,
            );
        }
        for (const line of text.trimEnd().split('\r\n').slice(1))
          expect(line).toMatch(/^"(?:[^"]|"")*"(?:,"(?:[^"]|"")*")*$/);
      }
    },
  );

  it('reads every name back exactly on import', () => {
    const { sessions: back, refusals } = parseSessionsCsv(formatSessionsCsv(sessions, 'UTC'));
    expect(refusals).toEqual([]);
    expect(back.map((s) => s.patternName)).toEqual(names);
  });

  it('a bare CR in a name never reaches the .ics unescaped (SUMMARY and DESCRIPTION)', () => {
    const text = buildCalendar(
      [
        {
          id: 'r-cr',
          days: [1],
          time: '07:30',
          patternId: 'box',
          patternName: 'Calm\rSUMMARY:Injected',
        },
      ],
      {
        timeZone: 'UTC',
        origin: 'https://pneuma.example',
        now: new Date('2026-11-27T10:30:00Z'),
      },
    );
    // Every line break of the file is a CRLF (no bare CR a reader could split on) …
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    // … and a reader finds one event whose texts carry the name as text.
    const cal = new ICAL.Component(ICAL.parse(text));
    const [ev] = cal.getAllSubcomponents('vevent');
    expect(cal.getAllSubcomponents('vevent')).toHaveLength(1);
    expect(ev!.getAllProperties('summary')).toHaveLength(1);
    expect(ev!.getFirstPropertyValue('summary')).toBe('Practice: Calm\nSUMMARY:Injected');
    expect(String(ev!.getFirstPropertyValue('description'))).toContain(
      'Time for Calm\nSUMMARY:Injected.',
    );
  });
});
