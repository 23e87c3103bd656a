import { describe, expect, it } from 'vitest';
import {
  DEFAULT_HISTORY_SCORE,
  completionPercent,
  measuredQualityScore,
  qualityLabel,
  rhythmSteadiness,
  scoreHelper,
  stillnessFromRestlessness,
  scoreMessage,
} from '../../src/domain/sessionScoring';

describe('quality labels', () => {
  it.each([
    [100, 'Excellent'],
    [80, 'Excellent'],
    [79.9, 'Good'],
    [60, 'Good'],
    [59, 'Fair'],
    [40, 'Fair'],
    [39.99, 'Needs Focus'],
    [0, 'Needs Focus'],
  ])('%s -> %s', (score, label) => expect(qualityLabel(score)).toBe(label));
});

describe('score messages', () => {
  it.each([
    [95, 'Outstanding'],
    [80, 'Outstanding'],
    [79, 'Excellent work'],
    [60, 'Excellent work'],
    [59, 'You did it'],
    [0, 'You did it'],
  ])('%s -> %s', (score, msg) => expect(scoreMessage(score)).toBe(msg));
});

describe('score helper', () => {
  it('uses 100 minus restlessness, at least 0', () => {
    expect(scoreHelper({ restlessnessScore: 30, score: 10 })).toBe(70);
    expect(scoreHelper({ restlessnessScore: 130 })).toBe(0);
    expect(scoreHelper({ restlessnessScore: 0 })).toBe(100);
  });
  it('falls back to the score field, then 75', () => {
    expect(scoreHelper({ score: 42 })).toBe(42);
    expect(scoreHelper({ restlessnessScore: null, score: 0 })).toBe(0);
    expect(scoreHelper({})).toBe(DEFAULT_HISTORY_SCORE);
    expect(DEFAULT_HISTORY_SCORE).toBe(75);
    expect(scoreHelper({ restlessnessScore: Number.NaN })).toBe(75);
  });
});

describe('stillness from restlessness', () => {
  it('is 100 minus restlessness, kept within 0-100', () => {
    expect(stillnessFromRestlessness(30)).toBe(70);
    expect(stillnessFromRestlessness(0)).toBe(100);
    expect(stillnessFromRestlessness(100)).toBe(0);
    expect(stillnessFromRestlessness(130)).toBe(0);
    expect(stillnessFromRestlessness(-5)).toBe(100);
    expect(stillnessFromRestlessness(12.5)).toBe(87.5);
  });
});

describe('measured figures', () => {
  it('completion percent is capped at 100', () => {
    expect(completionPercent(5, 10)).toBe(50);
    expect(completionPercent(15, 10)).toBe(100);
    expect(completionPercent(0, 10)).toBe(0);
    expect(completionPercent(3, 0)).toBe(0);
    expect(completionPercent(1, 3)).toBe(33);
  });

  it('rhythm steadiness is the share of uninterrupted cycles', () => {
    expect(rhythmSteadiness(10, 0)).toBe(100);
    expect(rhythmSteadiness(10, 3)).toBe(70);
    expect(rhythmSteadiness(4, 9)).toBe(0);
    expect(rhythmSteadiness(0, 0)).toBeUndefined();
  });

  it('without a camera: mean of completion and steadiness; never a default 75', () => {
    expect(measuredQualityScore({ completionPercent: 100, rhythmConsistency: 70 })).toBe(85);
    expect(measuredQualityScore({ completionPercent: 50, rhythmConsistency: 100 })).toBe(75);
    expect(measuredQualityScore({ completionPercent: 30 })).toBe(30);
    expect(measuredQualityScore({ completionPercent: 0 })).toBeUndefined();
  });

  it('with a camera: stillness, or the mean of stillness and consistency', () => {
    expect(measuredQualityScore({ completionPercent: 100, stillness: 64 })).toBe(64);
    expect(
      measuredQualityScore({ completionPercent: 10, stillness: 64, rhythmConsistency: 90 }),
    ).toBe(77);
    expect(measuredQualityScore({ completionPercent: 10, stillness: 140 })).toBe(100);
  });
});
