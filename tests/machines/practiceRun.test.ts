/**
 * The one practice machine (machines/practiceRun.ts) on a fake clock (vitest's timers fake
 * setTimeout and performance.now; the machine's wakes are its own delayed transitions, so
 * they fire exactly when aimed): every step boundary it shows is start + sum of durations +
 * paused time, to the millisecond, over a 30-minute program, an apnea table whose holds end
 * on taps, a pause, a late start and a start given from outside in the future.
 *
 * Not proved here: a real browser's timers (they fire late under load: the e2e specs measure
 * that), the screens' use of the machine, the audio track.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { getBuiltInProgram, wimHofProgram } from '../../src/domain/programs/builtInPrograms';
import type { Program } from '../../src/domain/programs/programTypes';
import { buildTimeline, type Timeline } from '../../src/domain/programs/timeline';
import { patternTimeline } from '../../src/domain/practiceTimeline';
import { practiceRunMachine } from '../../src/machines/practiceRun';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

const now = () => performance.now();

function start(timeline: Timeline, startAt: number) {
  const actor = createActor(practiceRunMachine, { input: { timeline, startAt, now } });
  const shown: { stepIndex: number; at: number }[] = [];
  actor.on('step', (e) => shown.push({ stepIndex: e.stepIndex, at: e.at }));
  actor.start();
  return { actor, shown };
}

/** Planned start of every step (and the end), from the timeline alone. */
function plannedOffsets(t: Timeline): number[] {
  const out = [0];
  for (const s of t.steps) out.push(out[out.length - 1]! + (s.plannedMs ?? 0));
  return out;
}

/** About 30 minutes: box breathing rising, a breath-hold table's holds and rests, sighs. */
const THIRTY_MINUTES: Program = {
  version: 1,
  id: 'thirty',
  name: 'Thirty minutes',
  builtIn: false,
  segments: [
    {
      kind: 'breathe',
      phases: [
        { phase: 'inhale', seconds: 4 },
        { phase: 'hold', seconds: 4 },
        { phase: 'exhale', seconds: 4 },
        { phase: 'pause', seconds: 4 },
      ],
      cycles: 60,
      ramp: { everyCycles: 5, stepSeconds: 0.25, maxSeconds: 6 },
    },
    { kind: 'hold', lungs: 'full', seconds: 45, endsOnTap: false },
    { kind: 'rest', seconds: 90 },
    {
      kind: 'breathe',
      phases: [
        { phase: 'inhale', seconds: 2.2 },
        { phase: 'topup', seconds: 0.8 },
        { phase: 'exhale', seconds: 6.3 },
      ],
      seconds: 600,
    },
    { kind: 'rest', seconds: 60 },
  ],
} as unknown as Program;

describe('practiceRun: every boundary exact on a fake clock', () => {
  it('a 30-minute program: each step shown at start + the planned durations before it, to the ms', () => {
    const timeline = buildTimeline(THIRTY_MINUTES);
    const offsets = plannedOffsets(timeline);
    const total = offsets[offsets.length - 1]!;
    expect(total).toBeGreaterThan(29 * 60_000);
    expect(total).toBeLessThan(36 * 60_000);
    const t0 = now() + 3_000; // a 3 s countdown
    const { actor, shown } = start(timeline, t0);
    expect(actor.getSnapshot().value).toBe('waiting');
    vi.advanceTimersByTime(total + 3_000 + 1_000);
    // Every step, then the end (index steps.length) at the planned total.
    expect(shown.map((s) => s.stepIndex)).toEqual(offsets.map((_, i) => i));
    for (const s of shown) expect(s.at - t0).toBe(offsets[s.stepIndex]);
    const snap = actor.getSnapshot();
    expect(snap.status).toBe('done');
    expect(snap.output).toMatchObject({ completed: true, activeMs: total });
  });

  it('an apnea table: a tap ends a hold, and every later boundary moves to the tap', () => {
    const timeline = buildTimeline(getBuiltInProgram('co2-table')!);
    const first = timeline.steps.findIndex((s) => s.endsOnTap);
    expect(first).toBeGreaterThanOrEqual(0);
    const offsets = plannedOffsets(timeline);
    const t0 = now();
    const { actor, shown } = start(timeline, t0);
    // Into the first hold by 10 s, then a tap ends it.
    vi.advanceTimersByTime(offsets[first]! + 10_000);
    expect(actor.getSnapshot().context.position.stepIndex).toBe(first);
    actor.send({ type: 'TAP', now: now() });
    expect(actor.getSnapshot().context.position.stepIndex).toBe(first + 1);
    const shift = offsets[first + 1]! - (offsets[first]! + 10_000);
    vi.advanceTimersByTime(offsets[offsets.length - 1]!);
    for (const s of shown) {
      const planned = offsets[s.stepIndex]! - (s.stepIndex > first ? shift : 0);
      expect(s.at - t0).toBe(planned);
    }
    const out = actor.getSnapshot().output!;
    expect(out.holds[0]).toMatchObject({ heldMs: 10_000, endedEarly: true });
    expect(out.completed).toBe(true);
  });

  it('Wim Hof: the retention runs until the tap, the next round starts from it', () => {
    const timeline = buildTimeline(wimHofProgram(2, 3));
    const t0 = now();
    const { actor } = start(timeline, t0);
    vi.advanceTimersByTime(9_050);
    expect(actor.getSnapshot().context.position.step?.kind).toBe('retention');
    actor.send({ type: 'PAUSE', now: now() });
    expect(actor.getSnapshot().matches('running')).toBe(true); // no pause in a hold
    vi.advanceTimersByTime(42_000 - 50);
    actor.send({ type: 'TAP', now: now() });
    vi.advanceTimersByTime(15_000 + 9_000);
    vi.advanceTimersByTime(61_500);
    actor.send({ type: 'TAP', now: now() });
    vi.advanceTimersByTime(15_000);
    const s = actor.getSnapshot();
    expect(s.status).toBe('done');
    expect(s.output).toMatchObject({
      completed: true,
      retentionsMs: [42_000, 61_500],
      cycleCount: 6,
      activeMs: 151_500,
    });
  });

  it('pause and resume: the position is kept and every later boundary moves by the paused time', () => {
    const timeline = patternTimeline({ inhale: 4, hold: 4, exhale: 4, hold_after_exhale: 4 }, 10);
    const t0 = now();
    const { actor, shown } = start(timeline, t0);
    vi.advanceTimersByTime(5_000);
    actor.send({ type: 'PAUSE', now: now() });
    expect(actor.getSnapshot().matches('paused')).toBe(true);
    vi.advanceTimersByTime(60_000); // nothing moves while paused
    expect(actor.getSnapshot().context.position).toMatchObject({
      stepIndex: 1,
      stepElapsedMs: 1_000,
    });
    actor.send({ type: 'RESUME', now: now() });
    vi.advanceTimersByTime(200_000);
    for (const s of shown)
      expect(s.at - t0).toBe(s.stepIndex * 4_000 + (s.stepIndex >= 2 ? 60_000 : 0));
    expect(shown).toHaveLength(41); // 40 steps, then the end
    expect(actor.getSnapshot().output).toMatchObject({
      completed: true,
      activeMs: 160_000,
      pauseCount: 1,
    });
  });

  it('a late start (a late joiner) lands on the phase in progress, then keeps the shared boundaries', () => {
    const timeline = patternTimeline({ inhale: 4, hold: 7, exhale: 8, hold_after_exhale: 0 }, 5);
    const t0 = now() - 30_500; // 30.5 s in: cycle 2 (19 s each), its hold (23..30) ended, exhale
    const { actor, shown } = start(timeline, t0);
    expect(shown[0]).toEqual({ stepIndex: 5, at: now() });
    expect(actor.getSnapshot().context.position.step?.kind).toBe('exhale');
    vi.advanceTimersByTime(70_000);
    const offsets = plannedOffsets(timeline);
    for (const s of shown.slice(1)) expect(s.at - t0).toBe(offsets[s.stepIndex]);
    expect(shown.map((s) => s.stepIndex)).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('a start given from outside in the future waits, then shows the first inhale exactly then; STOP ends early', () => {
    const timeline = patternTimeline({ inhale: 4, hold: 4, exhale: 4, hold_after_exhale: 4 }, 3);
    const t0 = now() + 12_345;
    const { actor, shown } = start(timeline, t0);
    vi.advanceTimersByTime(12_344);
    expect(actor.getSnapshot().value).toBe('waiting');
    expect(shown).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(shown).toEqual([{ stepIndex: 0, at: t0 }]);
    vi.advanceTimersByTime(6_000);
    actor.send({ type: 'STOP', now: now() });
    expect(actor.getSnapshot().output).toMatchObject({ completed: false, activeMs: 6_000 });
  });

  it('follows the audio clock: ALIGN moves every later boundary by the difference', () => {
    const timeline = buildTimeline(getBuiltInProgram('box-rising')!);
    const t0 = now();
    const { actor, shown } = start(timeline, t0);
    vi.advanceTimersByTime(3_000);
    actor.send({ type: 'ALIGN', now: now(), elapsedMs: 2_950 });
    vi.advanceTimersByTime(10_000);
    expect(shown[1]).toEqual({ stepIndex: 1, at: t0 + 4_050 });
    expect(shown[2]).toEqual({ stepIndex: 2, at: t0 + 8_050 });
  });
});
