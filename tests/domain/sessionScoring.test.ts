import { describe, expect, it } from 'vitest';
import {
  completionPercent,
  EARLY_END_CAPS,
  scoreCap,
  sessionScore,
  qualityLabel,
  rhythmSteadiness,
  stillnessFromRestlessness,
  scoreIcon,
} from '../../src/domain/sessionScoring';
import { practiceSentence } from '../../src/domain/practiceSentence';

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

describe('the results headline is not graded (issue 44)', () => {
  it.each([
    [
      { cycleCount: 10, targetCycles: 10, completed: true },
      'You breathed all 10 cycles. Thank you for taking this time for yourself.',
    ],
    [
      { cycleCount: 3, targetCycles: 10, completed: false },
      'You breathed 3 of 10 cycles. Every calm breath counts.',
    ],
    [
      { cycleCount: 0, targetCycles: 10, completed: false },
      'You took a moment to breathe. Come back whenever you like.',
    ],
  ])('%o', (f, text) => {
    expect(practiceSentence(f)).toBe(text);
    expect(practiceSentence(f)).not.toMatch(
      /score|Fair|Good|Excellent|Outstanding|Needs Focus|\/100/,
    );
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

  it('weights what was measured: completion 40, steadiness 35, stillness 25, rescaled', () => {
    // 100 x 0.4 + 70 x 0.35 over 0.75 = 86
    expect(sessionScore({ completionPercent: 100, rhythmConsistency: 70 })).toBe(86);
    expect(sessionScore({ completionPercent: 100 })).toBe(100);
    // 100 x 0.4 + 90 x 0.35 + 64 x 0.25 = 87.5
    expect(sessionScore({ completionPercent: 100, rhythmConsistency: 90, stillness: 64 })).toBe(88);
    // 100 x 0.4 + 64 x 0.25 over 0.65 = 86.15
    expect(sessionScore({ completionPercent: 100, stillness: 64 })).toBe(86);
    expect(sessionScore({ completionPercent: 100, stillness: 140, rhythmConsistency: 100 })).toBe(
      100,
    );
  });

  it('nothing measured: no score, never a default 75', () => {
    expect(sessionScore({ completionPercent: 0 })).toBeUndefined();
    expect(sessionScore({ completionPercent: Number.NaN })).toBeUndefined();
    // No cycle but a camera: the stillness counts, with completion 0.
    expect(sessionScore({ completionPercent: 0, stillness: 90 })).toBe(35); // 90 x 0.25 over 0.65
  });
});

describe('the one session score: a session ended early', () => {
  it('after 1 of 15 cycles, perfectly steady and still, cannot score above the Good band', () => {
    const score = sessionScore({
      completionPercent: completionPercent(1, 15),
      rhythmConsistency: 100,
      stillness: 100,
    })!;
    expect(score).toBeLessThan(80);
    expect(qualityLabel(score)).not.toBe('Excellent');
    // Under half the target: at most the top of Fair.
    expect(score).toBe(59);
  });

  it('is capped by completion ratio: 79 from half the target, 59 below, none once reached', () => {
    expect(EARLY_END_CAPS.map((c) => c.cap)).toEqual([79, 59]);
    expect(scoreCap(100)).toBe(100);
    expect(scoreCap(99)).toBe(79);
    expect(scoreCap(50)).toBe(79);
    expect(scoreCap(49)).toBe(59);
    expect(scoreCap(0)).toBe(59);
    for (let cycles = 0; cycles < 15; cycles++) {
      const s = sessionScore({
        completionPercent: completionPercent(cycles, 15),
        rhythmConsistency: 100,
        stillness: 100,
      });
      if (s !== undefined) expect(qualityLabel(s), `${cycles} of 15`).not.toBe('Excellent');
    }
    expect(sessionScore({ completionPercent: 100, rhythmConsistency: 100, stillness: 100 })).toBe(
      100,
    );
  });
});

describe('score icons (spec § 9: 90, 80, 70, 60, 50)', () => {
  it('steps at each threshold', () => {
    const at = (s: number) => scoreIcon(s).icon;
    expect([100, 90, 89, 80, 79, 70, 69, 60, 59, 50, 49, 0].map(at)).toEqual([
      'trophy',
      'trophy',
      'star',
      'star',
      'target',
      'target',
      'thumbsUp',
      'thumbsUp',
      'rising',
      'rising',
      'sprout',
      'sprout',
    ]);
    expect(scoreIcon(52).meaning).toBe('getting stronger');
  });
});
