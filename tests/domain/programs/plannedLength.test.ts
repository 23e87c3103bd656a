/**
 * The program's planned length counted arithmetically (plannedProgramMs, issue 42 item 2) must be
 * what expanding the timeline gives (plannedLengthMs(buildTimeline)), and segmentCycles must keep
 * its meaning, for every built-in program and for many generated ones with and without ramps; and
 * the schema must refuse a hostile program without expanding it.
 *
 * Not proved here: the server's answer time and memory (tests/server/attacks/program-bounds.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { BUILT_IN_PROGRAMS } from '../../../src/domain/programs/builtInPrograms';
import { parseProgram } from '../../../src/domain/programs/programSchema';
import type { BreatheSegment, Segment } from '../../../src/domain/programs/programTypes';
import {
  buildTimeline,
  plannedProgramMs,
  segmentCycles,
  type Timeline,
} from '../../../src/domain/programs/timeline';

/** The expanded timeline's planned length: every step's planned ms, open retentions as 0. */
function plannedLengthMs(t: Timeline): number {
  return t.steps.reduce((sum, s) => sum + (s.plannedMs ?? 0), 0);
}

/** A small deterministic generator (no Math.random: a failure must replay). */
function rng(seed: number) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
}

function randomBreathe(r: () => number): BreatheSegment {
  const n = 2 + Math.floor(r() * 5);
  const phases = Array.from({ length: n }, (_, i) => ({
    phase: i === 0 ? ('inhale' as const) : i === n - 1 ? ('exhale' as const) : ('hold' as const),
    seconds: Math.round((0.1 + r() * 8) * 1000) / 1000,
  }));
  const seg: BreatheSegment = { kind: 'breathe', phases };
  if (r() < 0.5) seg.cycles = 1 + Math.floor(r() * 40);
  else seg.seconds = Math.round((1 + r() * 600) * 1000) / 1000;
  if (r() < 0.5) {
    const up = r() < 0.6;
    seg.ramp = {
      everyCycles: 1 + Math.floor(r() * 4),
      stepSeconds: ((up ? 1 : -1) * Math.round(r() * 2000)) / 1000,
      maxSeconds: Math.round((0.1 + r() * 12) * 1000) / 1000,
    };
  }
  return seg;
}

describe('plannedProgramMs', () => {
  it('equals the expanded timeline for every built-in program', () => {
    for (const p of BUILT_IN_PROGRAMS)
      expect(plannedProgramMs(p), p.id).toBe(plannedLengthMs(buildTimeline(p)));
  });

  it('equals the expanded timeline, and segmentCycles its cycles, for 500 generated programs', () => {
    const r = rng(42);
    for (let i = 0; i < 500; i++) {
      const segments: Segment[] = Array.from({ length: 1 + Math.floor(r() * 6) }, () => {
        const k = r();
        if (k < 0.7) return randomBreathe(r);
        if (k < 0.8)
          return {
            kind: 'hold',
            lungs: 'full',
            seconds: 1 + Math.floor(r() * 60),
            endsOnTap: true,
          };
        if (k < 0.9) return { kind: 'rest', seconds: 1 + Math.floor(r() * 60) };
        return { kind: 'retention' };
      });
      const t = buildTimeline({ segments });
      expect(plannedProgramMs({ segments }), JSON.stringify(segments)).toBe(plannedLengthMs(t));
      segments.forEach((s, idx) => {
        if (s.kind !== 'breathe') return;
        const cycles = new Set(
          t.steps.filter((st) => st.segmentIndex === idx).map((st) => st.cycle),
        ).size;
        expect(segmentCycles(s)).toBe(cycles);
      });
    }
  });

  it('stops counting past the limit it is given', () => {
    const phases = [
      { phase: 'inhale' as const, seconds: 0.1 },
      { phase: 'exhale' as const, seconds: 0.1 },
    ];
    const ramped: Segment = {
      kind: 'breathe',
      phases,
      seconds: 3600,
      ramp: { everyCycles: 1, stepSeconds: 0, maxSeconds: 0.1 },
    };
    const program = { segments: Array.from({ length: 60 }, () => ramped) };
    expect(plannedProgramMs(program, 7_200_000)).toBeGreaterThan(7_200_000);
    expect(plannedProgramMs(program)).toBe(60 * 3_600_000);
  });

  it('the schema refuses the hostile program (60 segments of 3,600 s of 0.1 s phases, with and without a ramp) in milliseconds', () => {
    const phases = ['inhale', 'hold', 'exhale', 'pause', 'inhale', 'hold', 'exhale', 'pause'].map(
      (phase) => ({ phase, seconds: 0.1 }),
    );
    // the schema's first use compiles it (zod): not the cost measured here
    expect(parseProgram(BUILT_IN_PROGRAMS[0]!).ok).toBe(false);
    for (const extra of [{}, { ramp: { everyCycles: 1, stepSeconds: 0.001, maxSeconds: 0.1 } }]) {
      const hostile = {
        version: 1,
        name: 'Hostile',
        segments: Array.from({ length: 60 }, () => ({
          kind: 'breathe',
          phases,
          seconds: 3600,
          ...extra,
        })),
      };
      const t0 = performance.now();
      expect(parseProgram(hostile)).toEqual({
        ok: false,
        error: 'A program can be at most 120 minutes long',
      });
      // before the change: 20 s and 1.6 GB on the server (the whole timeline was built first)
      expect(performance.now() - t0).toBeLessThan(200);
    }
  });

  it('ends on a malformed segment (phases of 0 s) instead of looping', () => {
    const seg = {
      kind: 'breathe',
      phases: [
        { phase: 'inhale', seconds: 0 },
        { phase: 'exhale', seconds: 0 },
      ],
      seconds: 10,
      ramp: { everyCycles: 1, stepSeconds: 0, maxSeconds: 0 },
    } as BreatheSegment;
    expect(Number.isNaN(plannedProgramMs({ segments: [seg] }))).toBe(true);
    expect(parseProgram({ version: 1, name: 'Zero', segments: [seg] }).ok).toBe(false);
  });
});
