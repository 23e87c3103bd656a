/**
 * A program's finished session as the stored row (docs/product.md § Programs): only what
 * was measured, the longest retention as the breath-hold time, each round kept, and a
 * breath-hold table measured by its holds (it has no breathing cycles).
 *
 * Not proved here: that the row uploads (the sessions outbox, tested with sessions).
 */
import { describe, expect, it } from 'vitest';
import { buildProgramSessionRecord } from '../../../src/domain/programs/programRecord';

const base = {
  id: 'id-1',
  program: { id: 'wim-hof', name: 'Wim Hof Rounds' },
  startEpochMs: Date.UTC(2026, 10, 27, 10),
  endEpochMs: Date.UTC(2026, 10, 27, 10, 5),
  userId: null,
};

describe('buildProgramSessionRecord', () => {
  it('keeps each retention and makes the longest the breath-hold time', () => {
    const r = buildProgramSessionRecord({
      ...base,
      run: {
        activeMs: 300_400,
        cycleCount: 90,
        totalCycles: 90,
        totalHolds: 3,
        completed: true,
        retentionsMs: [61_234, 95_050, 88_000],
        holds: [],
        pauseCount: 0,
      },
    });
    expect(r).toMatchObject({
      patternId: 'program:wim-hof',
      patternName: 'Wim Hof Rounds',
      duration: 300,
      cycleCount: 90,
      targetCycles: 90,
      breathHoldTime: 95.1,
      completed: true,
      syncState: 'guest',
      cameraUsed: false,
      program: { programId: 'wim-hof', retentionsMs: [61_234, 95_050, 88_000], holds: [] },
    });
    expect(r.stillnessScore).toBeUndefined();
  });

  it('measures a breath-hold table by its holds, and has no breath-hold time without a retention', () => {
    const holds = [
      { number: 1, plannedMs: 60_000, heldMs: 60_000, endedEarly: false },
      { number: 2, plannedMs: 60_000, heldMs: 41_000, endedEarly: true },
    ];
    const r = buildProgramSessionRecord({
      ...base,
      program: { id: 'co2-table', name: 'CO2 Table' },
      userId: 'u1',
      run: {
        activeMs: 400_000,
        cycleCount: 0,
        totalCycles: 0,
        totalHolds: 8,
        completed: false,
        retentionsMs: [],
        holds,
        pauseCount: 0,
      },
    });
    expect(r).toMatchObject({
      cycleCount: 2,
      targetCycles: 8,
      syncState: 'pending',
      completed: false,
    });
    expect(r.breathHoldTime).toBeUndefined();
    expect(r.program?.holds).toEqual(holds);
  });
});
