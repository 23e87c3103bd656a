/**
 * The running program's progress line (issue #44: the CO2 table read '0 of 0 breath cycles'):
 * a breath-hold table counts its holds, a breathing program its cycles, and a program with
 * neither shows no count. Expected totals come from the programs' own descriptions (eight
 * holds; the sigh's cycles), not from the code under test.
 *
 * Not proved here: that the screen renders this line (e2e/programs.spec.ts reads it), nor the
 * hold count during taps that end a hold early (the position moves on the same way).
 */
import { describe, expect, it } from 'vitest';
import { getBuiltInProgram } from '../../../src/domain/programs/builtInPrograms';
import type { ProgramDefinition } from '../../../src/domain/programs/programTypes';
import { progressCount, progressCountText } from '../../../src/domain/programs/progressCount';
import { buildTimeline } from '../../../src/domain/programs/timeline';
import { positionAtElapsed, startRun } from '../../../src/domain/programs/timelineRun';

describe('progressCount', () => {
  it('a CO2 table counts its eight holds, not 0 of 0 breath cycles', () => {
    const t = buildTimeline(getBuiltInProgram('co2-table')!);
    const run = startRun(0);
    const atStart = progressCount(t, positionAtElapsed(t, run, 0))!;
    expect(progressCountText(atStart)).toBe('0 of 8 holds');
    // 'Eight 1-minute holds ... the breathing time between them shrinks from 2 minutes':
    // after the first 2 min rest and the first 1 min hold, one hold is done.
    const afterFirst = progressCount(t, positionAtElapsed(t, run, (120 + 60) * 1000 + 1))!;
    expect(progressCountText(afterFirst)).toBe('1 of 8 holds');
    const inFirstHold = progressCount(t, positionAtElapsed(t, run, (120 + 30) * 1000))!;
    expect(inFirstHold.done).toBe(0);
  });

  it('a breathing program counts breath cycles', () => {
    const t = buildTimeline(getBuiltInProgram('physiological-sigh')!);
    const p = progressCount(t, positionAtElapsed(t, startRun(0), 0))!;
    expect(p.unit).toBe('breath cycles');
    expect(p.done).toBe(0);
    expect(p.total).toBeGreaterThan(0);
  });

  it('a program of retentions only shows no count', () => {
    const onlyRetention: ProgramDefinition = {
      version: 1,
      name: 'One retention',
      segments: [{ kind: 'retention', label: 'Hold as long as you like' }],
    } as ProgramDefinition;
    const t = buildTimeline(onlyRetention);
    expect(progressCount(t, positionAtElapsed(t, startRun(0), 0))).toBeNull();
  });

  it('says hold, not holds, for one', () => {
    expect(progressCountText({ done: 0, total: 1, unit: 'holds' })).toBe('0 of 1 hold');
  });
});
