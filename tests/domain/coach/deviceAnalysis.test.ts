import { describe, expect, it } from 'vitest';
import type { HistoryFacts, SessionFacts } from '../../../src/contracts/coach';
import { analyseOnDevice, type DeviceAnalysis } from '../../../src/domain/coach/deviceAnalysis';
import { BOX_SESSION } from './fixtures';

const BOX = BOX_SESSION;

const day = (n: number) => new Date(Date.parse(BOX.createdAt) - n * 86_400_000).toISOString();
const earlier = (n: number, over: Partial<HistoryFacts> = {}): HistoryFacts => ({
  patternName: 'Box Breathing',
  duration: 160,
  cycleCount: 10,
  targetCycles: 10,
  completed: true,
  qualityScore: 80,
  createdAt: day(n),
  ...over,
});

const scores = (a: DeviceAnalysis) => ({
  overall: a.score.overall.value,
  focus: a.score.focus.value,
  consistency: a.score.consistency.value,
  progress: a.score.progress.value,
});

describe('on-device analysis', () => {
  it('scores a first classic session from its own figures and says what was not measured', () => {
    const a = analyseOnDevice({ session: BOX, history: [] });
    expect(a.source).toBe('device');
    // Completion 100 (weight 0.4) and consistency 90 (0.35), rescaled without focus: 95.33 -> 95.
    expect(scores(a)).toEqual({ overall: 95, focus: null, consistency: 90, progress: null });
    expect(a.score.consistency.basis).toBe('From 9 of 10 cycles without a pause (90).');
    expect(a.score.overall.basis).toBe('The session score, weighted: completion 100 (53%), rhythm steadiness 90 (47%).');
    expect(a.score.focus.basis).toMatch(/^Not measured: .*no camera was used/);
    expect(a.score.progress.basis).toMatch(/first session on this device/);
    expect(a.analysis).toContain('Box Breathing: 10 of 10 cycles in 2:40.');
    expect(a.analysis).toContain('9 of 10 cycles went without a pause.');
    expect(a.analysis).toContain('No camera was used, so stillness was not measured.');
    expect(a.suggestions).toEqual([
      'You paused during 1 cycle of 10. A quiet place and notifications turned off help you breathe straight through.',
    ]);
    expect(a.nextSteps).toContain(
      'An Enhanced session with the camera adds stillness to this analysis.',
    );
    expect(a.encouragement).toBe('A steady, complete session. Your practice is paying off.');
  });

  it('gives different, explainable scores to different sessions', () => {
    const steady = analyseOnDevice({ session: { ...BOX, rhythmConsistency: 100 }, history: [] });
    const paused = analyseOnDevice({ session: { ...BOX, rhythmConsistency: 50 }, history: [] });
    const early = analyseOnDevice({
      session: { ...BOX, cycleCount: 4, completed: false, duration: 64, rhythmConsistency: 100 },
      history: [],
    });
    expect(scores(steady)).toEqual({ overall: 100, focus: null, consistency: 100, progress: null });
    // 0.4/0.75 x 100 + 0.35/0.75 x 50 = 76.67
    expect(scores(paused)).toEqual({ overall: 77, focus: null, consistency: 50, progress: null });
    // Completion 40: 0.533 x 40 + 0.467 x 100 = 68, capped at 59 (ended early under half the target)
    expect(scores(early)).toEqual({ overall: 59, focus: null, consistency: 100, progress: null });
    expect(early.suggestions[0]).toBe(
      'You finished 4 of 10 cycles. If the holds felt long, a pattern without holds, such as Mindful Breathing (5-0-5-0), is gentler.',
    );
    expect(early.nextSteps[0]).toBe('Repeat Box Breathing and aim for all 10 cycles.');
    expect(steady.suggestions).toEqual([
      'Everything was steady. You are ready for a small step up, such as a one-second longer exhale.',
    ]);
  });

  it('uses the camera: stillness is focus, phase accuracy and breathing rate join consistency', () => {
    const enhanced: SessionFacts = {
      ...BOX,
      sessionType: 'enhanced',
      cycleCount: 15,
      targetCycles: 15,
      duration: 240,
      rhythmConsistency: 100,
      cameraUsed: true,
      stillnessScore: 62,
      phaseAccuracy: 70,
      breathingRate: 5, // box paces 60 / 16 = 3.75 a minute: 33 % too fast -> match 67
    };
    const a = analyseOnDevice({ session: enhanced, history: [] });
    // consistency = mean(100, 70, 67) = 79; overall is the session score, from rhythm
    // steadiness: 0.4 x 100 + 0.35 x 100 + 0.25 x 62 = 90.5
    expect(scores(a)).toEqual({ overall: 91, focus: 62, consistency: 79, progress: null });
    expect(a.score.consistency.basis).toBe(
      "The average of: 15 of 15 cycles without a pause (100); breathing in step with the phases 70% of the time (camera); 5 breaths a minute against the pattern's 3.8 (67).",
    );
    expect(a.score.focus.basis).toBe('The camera’s average stillness over the session: 62/100.');
    expect(a.analysis).toContain(
      'The camera measured stillness 62/100 and about 5 breaths a minute (the pattern paces 3.8).',
    );
    expect(a.suggestions).toContain(
      'Stillness was 62/100. Before you start, settle your shoulders and jaw; small movements add up.',
    );
    expect(a.suggestions).toContain(
      'You breathed about 5 times a minute; the pattern paces 3.8. Slow down and let each exhale fill its whole count.',
    );
    expect(a.nextSteps).not.toContain(
      'An Enhanced session with the camera adds stillness to this analysis.',
    );

    const restless = analyseOnDevice({
      session: {
        ...enhanced,
        stillnessScore: 30,
        breathingRate: undefined,
        phaseAccuracy: undefined,
      },
      history: [],
    });
    expect(restless.score.focus.value).toBe(30);
    expect(restless.suggestions[0]).toMatch(
      /^The camera saw a lot of movement \(stillness 30\/100\)/,
    );
  });

  it('never reports stillness a camera did not measure', () => {
    const a = analyseOnDevice({
      session: { ...BOX, cameraUsed: false, stillnessScore: 99 },
      history: [],
    });
    expect(a.score.focus.value).toBeNull();
    expect(JSON.stringify(a)).not.toContain('99');
  });

  it('has nothing to score when the session ended before the first cycle', () => {
    const a = analyseOnDevice({
      session: {
        ...BOX,
        cycleCount: 0,
        completed: false,
        duration: 9,
        rhythmConsistency: undefined,
      },
      history: [],
    });
    expect(scores(a)).toEqual({ overall: null, focus: null, consistency: null, progress: null });
    expect(a.score.overall.basis).toBe(
      'Not measured: the session ended before the first full cycle.',
    );
    expect(a.encouragement).toMatch(/^Every practice starts/);
  });

  it('measures progress against the user’s own history', () => {
    // Three earlier sessions this week with quality 80: regularity 4/7 = 57; this quality 95
    // (mean of completion 100 and steadiness 90) vs 80 -> 50 + 2 x 15 = 80; progress 68.5 -> 69.
    const a = analyseOnDevice({ session: BOX, history: [earlier(1), earlier(2), earlier(3)] });
    expect(a.score.progress.value).toBe(69);
    expect(a.score.progress.basis).toBe(
      'The average of: 4 sessions in the last 7 days against a goal of 7 (57); quality 95 against your recent average of 80 (80; 50 means level).',
    );
    // An older session outside the week changes the regularity, a worse one the trend.
    const older = analyseOnDevice({
      session: BOX,
      history: [earlier(1), earlier(2), earlier(30, { qualityScore: 65 })],
    });
    // regularity 3/7 = 43; average of 80, 80, 65 = 75 -> trend 90; progress 66.5 -> 67.
    expect(older.score.progress.value).toBe(67);
  });

  it('compares with the five most recent earlier sessions only, and ignores later ones', () => {
    const history = [
      ...[1, 2, 3, 4, 5].map((n) => earlier(n, { qualityScore: 95 })),
      earlier(6, { qualityScore: 0 }), // sixth most recent: not compared
      { ...earlier(0), createdAt: '2026-11-21T08:00:00.000Z', qualityScore: 0 }, // after this session
    ];
    const a = analyseOnDevice({ session: BOX, history });
    // 6 earlier + this in 7 days -> 100; quality 95 vs 95 -> 50; progress 75.
    expect(a.score.progress.value).toBe(75);
    expect(a.analysis).toContain('It is your 7th session here, 7 sessions in the last 7 days.');
    expect(a.nextSteps).toContain(
      'You reached the weekly goal of 7 sessions in 7 days. Keep the daily rhythm.',
    );
  });

  it('notices a new best breath hold', () => {
    const wim: SessionFacts = {
      ...BOX,
      patternId: 'wim_hof',
      patternName: 'Wim Hof Method',
      timings: { inhale: 2, hold: 0, exhale: 1, hold_after_exhale: 0 },
      breathHoldTime: 48.5,
    };
    const a = analyseOnDevice({
      session: wim,
      history: [earlier(1, { breathHoldTime: 41 }), earlier(2, { breathHoldTime: 12 })],
    });
    expect(a.analysis).toContain('Your breath hold of 48.5 s is a new best (before: 41 s).');
    expect(a.encouragement).toBe('A new personal best hold. Well done.');
    const notBest = analyseOnDevice({
      session: { ...wim, breathHoldTime: 30 },
      history: [earlier(1, { breathHoldTime: 41 })],
    });
    expect(notBest.analysis).not.toContain('new best');
  });

  it('is deterministic and never the canned 75/70/80/75', () => {
    const inputs: SessionFacts[] = [
      BOX,
      { ...BOX, rhythmConsistency: 70 },
      { ...BOX, cycleCount: 7, completed: false },
      { ...BOX, cameraUsed: true, stillnessScore: 81 },
    ];
    const seen = new Set<string>();
    for (const session of inputs) {
      const a = analyseOnDevice({ session, history: [earlier(2)] });
      expect(analyseOnDevice({ session, history: [earlier(2)] })).toEqual(a);
      const s = scores(a);
      expect(s).not.toEqual({ overall: 75, focus: 70, consistency: 80, progress: 75 });
      seen.add(JSON.stringify(s));
    }
    expect(seen.size).toBe(inputs.length);
  });
});
