/**
 * Programs in courses (docs/product.md § Programs, "In courses"): a day may hold programs
 * (their definitions copied in), publishing checks each with the one program schema, the
 * course row sent to and read from the server keeps them, and a day completes when each of
 * its programs was played through its `/p/` link (the id the link screen stores the
 * session under).
 *
 * Not proved here: the database's own check of a day (tests/server/marketplace/programsSuite.ts),
 * nor the screens (the course builder and the course page).
 */
import { describe, expect, it } from 'vitest';
import { courseProgramOf } from '../../../src/domain/instructor/courseProgram';
import { publishErrors } from '../../../src/domain/instructor/courseSchema';
import { dayDoneBySessions, sessionsForDay } from '../../../src/domain/instructor/progress';
import { decodeLink, linkedProgramId, programLinkPayload } from '../../../src/domain/links/patternLink';
import { getBuiltInProgram } from '../../../src/domain/programs/builtInPrograms';
import { programPatternId } from '../../../src/domain/programs/programRecord';
import type { ProgramDefinition } from '../../../src/domain/programs/programTypes';
import { fromCourseRow, toCourseRow } from '../../../src/sync/rows/courseRow';
import type { CourseRecord } from '../../../src/data/db';

const { id: _id, builtIn: _b, ...RISING } = getBuiltInProgram('box-rising')!;
const rising: ProgramDefinition = RISING;
const BOX = { id: 'box', name: 'Box Breathing', inhale: 4, hold: 4, exhale: 4, hold_after_exhale: 4 };
const base = { title: 'Programs week', description: '', level: 'Beginner' as const };

describe('a course day with programs', () => {
  it('publishes with a program alone, refuses a broken one and more than two', () => {
    const item = courseProgramOf('mine-1', rising);
    expect(publishErrors({ ...base, days: [{ note: '', patterns: [], programs: [item] }] })).toBeNull();
    expect(publishErrors({ ...base, days: [{ note: '', patterns: [BOX], programs: [item] }] })).toBeNull();
    const broken = { ...item, program: { ...rising, segments: [] } };
    expect(publishErrors({ ...base, days: [{ note: '', patterns: [], programs: [broken] }] })).toMatchObject({
      'days.0.programs.0.program.segments': 'A program needs at least one segment',
    });
    expect(publishErrors({ ...base, days: [{ note: '', patterns: [], programs: [item, item, item] }] })).toEqual({
      'days.0.programs': 'A day can have at most 2 programs',
    });
  });

  it('travels to the server and back with its programs; a day without keeps the old shape', () => {
    const record = {
      id: 'c1',
      instructorId: 'u1',
      ...base,
      status: 'published',
      days: [
        { note: 'Program day', patterns: [], programs: [courseProgramOf('mine-1', rising)] },
        { note: 'Pattern day', patterns: [BOX] },
      ],
      createdAt: '2026-11-27T10:00:00.000Z',
      updatedAt: '2026-11-27T10:00:00.000Z',
      deleted: false,
      syncState: 'pending',
    } as unknown as CourseRecord;
    const row = toCourseRow(record, 'u1');
    expect(row.days[1]).toEqual({ note: 'Pattern day', patterns: [BOX] });
    const back = fromCourseRow(JSON.parse(JSON.stringify({ ...row, updated_at: record.updatedAt })))!;
    expect(back.days[0]!.programs![0]!.program).toEqual(rising);
    expect(back.days[1]!.programs).toBeUndefined();
    // A program item that is not one makes the course unreadable (skipped, never half-stored).
    const bad = { ...row, updated_at: record.updatedAt, days: [{ note: '', patterns: [], programs: [{ id: 'x' }] }] };
    expect(fromCourseRow(JSON.parse(JSON.stringify(bad)))).toBeNull();
  });

  it('completes when each program was played through its link, under the id the link screen uses', () => {
    const day = { note: '', patterns: [BOX], programs: [courseProgramOf('mine-1', rising)] };
    const decoded = decodeLink(programLinkPayload(rising)!);
    if (!decoded.ok || decoded.content.kind !== 'program') throw new Error('the link does not decode');
    // ProgramLinkScreen plays { ...program, id: linkedProgramId(program) }; the record's id follows.
    const played = programPatternId(linkedProgramId(decoded.content.program));
    const at = 1000;
    const ofTheDay = sessionsForDay(day, ['box', 'sleep', played].map((patternId, i) => ({ id: `s${i}`, patternId, at })), 0);
    expect(ofTheDay.map((s) => s.patternId)).toEqual(['box', played]);
    expect(dayDoneBySessions(day, [{ id: 's1', patternId: 'box', at }], 0)).toBe(false);
    expect(dayDoneBySessions(day, [{ id: 's1', patternId: 'box', at }, { id: 's2', patternId: played, at }], 0)).toBe(true);
  });
});
