/**
 * Program links (`kind: "program"`, docs/patterns-format.md): every built-in program (each of
 * the four kinds of segment, ramps, safety notes) and programs in other scripts survive the
 * round trip whole; a hand-written payload Node's own base64url produced opens the same; the
 * hostile programs a sender can write (absurd durations, too many segments, too long in all,
 * extra fields, markup, control characters, prototype keys, stored-row fields) are refused
 * with a LinkError whose message says what is wrong, never a throw.
 *
 * What it does not prove: that the /p/ screen plays the program (e2e/pattern-links.spec.ts
 * opens one offline in Chromium) nor what a chat app does to a long link.
 */
import { describe, expect, it } from 'vitest';
import {
  decodeLink,
  encodeLink,
  LINK_LIMITS,
  LinkEncodeError,
  linkedProgramId,
  programLinkPath,
} from '../../../src/domain/links/patternLink';
import { BUILT_IN_PROGRAMS } from '../../../src/domain/programs/builtInPrograms';
import { PROGRAM_LIMITS } from '../../../src/domain/programs/programSchema';
import type { ProgramDefinition } from '../../../src/domain/programs/programTypes';

const raw = (json: unknown) => Buffer.from(JSON.stringify(json), 'utf8').toString('base64url');

const LADDER: ProgramDefinition = {
  version: 1,
  name: 'Ladder',
  description: 'Longer exhales, then a hold.',
  category: 'progressive',
  segments: [
    {
      kind: 'breathe',
      label: 'Warm up',
      phases: [
        { phase: 'inhale', seconds: 4 },
        { phase: 'exhale', seconds: 4 },
      ],
      cycles: 6,
      ramp: { everyCycles: 2, stepSeconds: 0.5, maxSeconds: 6 },
    },
    { kind: 'hold', lungs: 'empty', seconds: 15, endsOnTap: true },
    { kind: 'retention' },
    { kind: 'rest', seconds: 30 },
  ],
};

function refused(program: unknown, extra: Record<string, unknown> = {}) {
  const r = decodeLink(raw({ v: 1, kind: 'program', program, ...extra }));
  if (r.ok) throw new Error('expected a refusal');
  expect(r.error.code).toBe('invalid');
  expect(r.error.message).toMatch(/^This link's program cannot be opened/);
  return r.error.message;
}

describe('program links: round trip', () => {
  it('every built-in program and a hand-made one come back whole (definition only)', () => {
    for (const p of [...BUILT_IN_PROGRAMS, LADDER]) {
      const r = decodeLink(encodeLink({ kind: 'program', program: p }));
      if (!r.ok || r.content.kind !== 'program') throw new Error(`${p.name} did not open`);
      const {
        id: _id,
        builtIn: _b,
        ...definition
      } = p as ProgramDefinition & {
        id?: string;
        builtIn?: boolean;
      };
      expect(r.content.program).toEqual(definition);
    }
  });

  it('names and labels in other scripts', () => {
    for (const name of ['Дыхание', '呼吸の練習', 'تنفس', 'श्वास', '🌊 Tide']) {
      const p = { ...LADDER, name, segments: [{ ...LADDER.segments[3]!, label: name }] };
      const r = decodeLink(encodeLink({ kind: 'program', program: p }));
      expect(r.ok && r.content.kind === 'program' && r.content.program.name).toBe(name);
    }
  });

  it('a payload written by hand with Node base64url opens the same as encodeLink', () => {
    const byHand = decodeLink(raw({ v: 1, kind: 'program', program: LADDER }));
    expect(byHand).toEqual(decodeLink(encodeLink({ kind: 'program', program: LADDER })));
    expect(programLinkPath(LADDER)).toMatch(/^\/p\/[A-Za-z0-9_-]+$/);
  });

  it('a stable id per definition, not per stored row', () => {
    const row = { ...LADDER, id: 'abc', builtIn: false };
    expect(linkedProgramId(row)).toBe(linkedProgramId(LADDER));
    expect(linkedProgramId({ ...LADDER, name: 'Other' })).not.toBe(linkedProgramId(LADDER));
  });
});

describe('program links: hostile programs', () => {
  it('absurd durations', () => {
    const breathe = LADDER.segments[0]!;
    expect(
      refused({
        ...LADDER,
        segments: [
          {
            ...breathe,
            phases: [
              { phase: 'inhale', seconds: 1e9 },
              { phase: 'exhale', seconds: 4 },
            ],
          },
        ],
      }),
    ).toMatch(/at most 60 seconds/);
    expect(refused({ ...LADDER, segments: [{ kind: 'rest', seconds: -5 }] })).toMatch(/at least 1/);
    expect(
      refused({ ...LADDER, segments: [{ kind: 'hold', lungs: 'full', seconds: 1e12 }] }),
    ).toMatch(/at most 600 seconds/);
    expect(refused({ ...LADDER, segments: [{ kind: 'rest', seconds: 'Infinity' }] })).toMatch(
      /number of seconds/,
    );
    // Each segment allowed, the whole too long.
    expect(
      refused({
        ...LADDER,
        segments: Array.from({ length: 20 }, () => ({ kind: 'rest', seconds: 600 })),
      }),
    ).toMatch(new RegExp(`at most ${PROGRAM_LIMITS.totalMaxSeconds / 60} minutes`));
  });

  it('too many segments, none, or only retentions', () => {
    const many = Array.from({ length: PROGRAM_LIMITS.segmentsMax + 1 }, () => ({
      kind: 'rest',
      seconds: 1,
    }));
    expect(refused({ ...LADDER, segments: many })).toMatch(/at most 60 segments/);
    expect(refused({ ...LADDER, segments: [] })).toMatch(/at least one segment/);
    expect(refused({ ...LADDER, segments: [{ kind: 'retention' }] })).toMatch(/timed segment/);
  });

  it('unknown fields, stored-row fields, prototype keys, wrong version', () => {
    expect(refused({ ...LADDER, id: 'x', userId: 'u' })).toBeTruthy();
    expect(refused(LADDER, { extra: 1 })).toMatch(/fields Pneuma does not know/);
    const proto = JSON.parse(
      `{"version":1,"name":"P","__proto__":{"x":1},"segments":[{"kind":"rest","seconds":5}]}`,
    );
    expect(refused(proto)).toBeTruthy();
    expect(refused({ ...LADDER, version: 2 })).toMatch(/version must be 1/);
    expect(refused(null)).toBeTruthy();
    expect(refused('Ladder')).toBeTruthy();
  });

  it('markup and hidden control characters', () => {
    expect(refused({ ...LADDER, name: '<img src=x onerror=alert(1)>' })).toMatch(/markup/);
    expect(refused({ ...LADDER, description: 'ok </b>' })).toMatch(/markup/);
    expect(refused({ ...LADDER, safetyNote: '<script>x</script>' })).toMatch(/markup/);
    expect(
      refused({ ...LADDER, segments: [{ kind: 'rest', seconds: 5, label: '<a href=x>' }] }),
    ).toMatch(/markup/);
    expect(refused({ ...LADDER, name: 'Calm\u202Egnol' })).toMatch(/control characters/);
    // `<3` is text.
    expect(
      decodeLink(raw({ v: 1, kind: 'program', program: { ...LADDER, name: 'I <3 this' } })).ok,
    ).toBe(true);
  });

  it('a payload over the limit is refused before decoding; encodeLink refuses what would not open', () => {
    expect(decodeLink('A'.repeat(LINK_LIMITS.payloadMax + 1)).ok).toBe(false);
    expect(() => encodeLink({ kind: 'program', program: { ...LADDER, name: '<b>x</b>' } })).toThrow(
      LinkEncodeError,
    );
    expect(programLinkPath({ ...LADDER, segments: [] })).toBeNull();
  });
});
