import { describe, expect, it } from 'vitest';
import type { SessionRecord } from '../../../src/data/db';
import { formatDuration } from '../../../src/domain/duration';
import {
  figuresFromNavState,
  figuresFromRecord,
} from '../../../src/features/results/resultFigures';
import { resultsStateOf } from '../../../src/features/session/resultsHandOff';

const base: SessionRecord = {
  id: 's1',
  userId: null,
  patternId: 'box',
  patternName: 'Box Breathing',
  sessionType: 'classic',
  startTime: 0,
  endTime: 170_000,
  duration: 160,
  cycleCount: 10,
  targetCycles: 10,
  completed: true,
  rhythmConsistency: 90,
  qualityScore: 95,
  cameraUsed: false,
  aiUsed: false,
  createdAt: new Date(170_000).toISOString(),
  syncState: 'guest',
  attempts: 0,
};

describe('results figures', () => {
  it('computes quality from completion and steadiness without a camera', () => {
    const f = figuresFromRecord(base);
    expect(f).toMatchObject({
      completionPercent: 100,
      score: 95,
      label: 'Excellent',
      sentence: 'You breathed all 10 cycles. Thank you for taking this time for yourself.',
    });
    expect(f.stillness).toBeUndefined();
    expect(f.breathHoldTime).toBeUndefined();
  });

  it('never shows stillness without a camera, even if a number is present', () => {
    expect(figuresFromRecord({ ...base, stillnessScore: 99 }).stillness).toBeUndefined();
    expect(figuresFromRecord({ ...base, cameraUsed: true, stillnessScore: 64 })).toMatchObject({
      stillness: 64,
      // 100 x 0.4 + 90 x 0.35 + 64 x 0.25 = 87.5
      score: 88,
    });
  });

  it('has no score at all when nothing was measured (never the default 75)', () => {
    const f = figuresFromRecord({
      ...base,
      cycleCount: 0,
      completed: false,
      rhythmConsistency: undefined,
      qualityScore: undefined,
      duration: 4,
    });
    expect(f.score).toBeUndefined();
    expect(f.label).toBeUndefined();
    expect(f.sentence).toBe('You took a moment to breathe. Come back whenever you like.');
  });

  it('a session stopped after 1 of 15 cycles reads at most Fair, and says it ended early', () => {
    const f = figuresFromRecord({
      ...base,
      sessionType: 'enhanced',
      cycleCount: 1,
      targetCycles: 15,
      completed: false,
      rhythmConsistency: 100,
      cameraUsed: true,
      stillnessScore: 100,
    });
    expect(f.score).toBeLessThan(60);
    expect(f.label).not.toBe('Excellent');
    // The sentence says what was done, never a grade (issue 44 item 4); the score waits under 'More'.
    expect(f.sentence).toBe('You breathed 1 of 15 cycles. Every calm breath counts.');
  });

  it('navigation state and the stored record give the same figures', () => {
    const withHold = { ...base, breathHoldTime: 52.3 };
    const fromState = figuresFromNavState(resultsStateOf(withHold));
    const { syncState: _s, ...fromRecord } = figuresFromRecord(withHold);
    expect(fromState).toEqual(fromRecord);
    expect(resultsStateOf(base)).not.toHaveProperty('breathHoldTime');
    expect(resultsStateOf(base)).toMatchObject({
      sessionId: 's1',
      sessionDuration: 160,
      targetCycles: 10,
      cameraUsed: false,
    });
  });

  it('formats durations', () => {
    expect(formatDuration(160)).toBe('2:40');
    expect(formatDuration(45)).toBe('0:45');
    expect(formatDuration(-3)).toBe('0:00');
  });
});
