/**
 * The one program schema (docs/product.md § Programs): every built-in program parses, the
 * /create builder's drafts read into it, and bad input gets one clear sentence.
 *
 * Not proved here: that links with `kind: "program"` use it (that wiring lands at the
 * merge with pattern links), nor the database's own checks (the migration).
 */
import { describe, expect, it } from 'vitest';
import { BUILT_IN_PROGRAMS, wimHofProgram } from '../../../src/domain/programs/builtInPrograms';
import {
  draftToProgramInput,
  emptyProgramDraft,
  newSegmentDraft,
} from '../../../src/domain/programs/programDraft';
import { parseProgram } from '../../../src/domain/programs/programSchema';
import { buildTimeline } from '../../../src/domain/programs/timeline';

const strip = ({ id: _id, builtIn: _b, ...d }: (typeof BUILT_IN_PROGRAMS)[number]) => d;

describe('programSchema', () => {
  it('accepts every built-in program as it is', () => {
    for (const p of BUILT_IN_PROGRAMS)
      expect(parseProgram(strip(p))).toEqual({ ok: true, program: strip(p) });
  });

  it('names the first problem in a sentence, with where it is', () => {
    const bad = (segments: unknown[], extra: object = {}) =>
      parseProgram({ version: 1, name: 'X', segments, ...extra });
    expect(bad([])).toEqual({
      ok: false,
      error: 'A program needs at least one segment (at segments)',
    });
    expect(bad([{ kind: 'retention' }])).toEqual({
      ok: false,
      error: 'A program needs at least one timed segment',
    });
    expect(
      bad([{ kind: 'breathe', phases: [{ phase: 'inhale', seconds: 4 }], cycles: 3 }]),
    ).toMatchObject({
      ok: false,
      error: 'A breathing segment needs an inhale and an exhale (at segments.0)',
    });
    expect(
      bad([
        {
          kind: 'breathe',
          phases: [
            { phase: 'inhale', seconds: 4 },
            { phase: 'exhale', seconds: 4.0001 },
          ],
          cycles: 3,
        },
      ]),
    ).toMatchObject({
      ok: false,
      error: 'A phase can have at most 3 decimal places (at segments.0.phases.1.seconds)',
    });
    expect(
      bad([
        {
          kind: 'breathe',
          phases: [
            { phase: 'inhale', seconds: 4 },
            { phase: 'exhale', seconds: 4 },
          ],
          cycles: 3,
          seconds: 60,
        },
      ]),
    ).toMatchObject({ ok: false });
    expect(bad([{ kind: 'teleport' }])).toMatchObject({ ok: false });
    expect(parseProgram({ version: 2, name: 'X', segments: [] })).toMatchObject({
      ok: false,
      error: 'Program format version must be 1 (at version)',
    });
    expect(parseProgram('not json at all')).toMatchObject({ ok: false });
    expect(parseProgram(null)).toMatchObject({ ok: false });
    // More than 2 hours planned.
    expect(
      bad([
        {
          kind: 'breathe',
          phases: [
            { phase: 'inhale', seconds: 60 },
            { phase: 'exhale', seconds: 60 },
          ],
          cycles: 61,
        },
      ]),
    ).toEqual({ ok: false, error: 'A program can be at most 120 minutes long' });
  });

  it('reads a builder draft: a rising box, a hold, a retention and a rest', () => {
    const d = emptyProgramDraft();
    d.name = 'Mine';
    const breathe = d.segments[0]!;
    if (breathe.kind !== 'breathe') throw new Error('draft');
    Object.assign(breathe, { rampStep: '0,5', rampEvery: '3', rampMax: '6', length: '9' });
    d.segments.push(newSegmentDraft('hold'), newSegmentDraft('retention'), newSegmentDraft('rest'));
    const r = parseProgram(draftToProgramInput(d));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const t = buildTimeline(r.program);
    expect(t.steps.map((s) => s.plannedMs).slice(0, 4)).toEqual([4000, 4000, 4000, 4000]);
    expect(t.steps[12]!.plannedMs).toBe(4500);
    expect(t.steps.slice(-3).map((s) => s.kind)).toEqual(['hold', 'retention', 'rest']);
  });

  it('tells the builder when a typed number is not one', () => {
    const d = emptyProgramDraft();
    d.name = 'Mine';
    const breathe = d.segments[0]!;
    if (breathe.kind !== 'breathe') throw new Error('draft');
    breathe.inhale = 'four';
    const r = parseProgram(draftToProgramInput(d));
    expect(r).toMatchObject({ ok: false });
  });

  it('sets Wim Hof rounds and breaths within their limits', () => {
    expect(buildTimeline(wimHofProgram(2, 3)).retentions).toBe(2);
    expect(buildTimeline(wimHofProgram(99, 1)).retentions).toBe(10);
    expect(buildTimeline(wimHofProgram(1, 1)).totalCycles).toBe(3);
    expect(parseProgram(strip(wimHofProgram(4, 45))).ok).toBe(true);
  });
});
