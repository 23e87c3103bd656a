import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import {
  breathLoopMachine,
  isMilestone,
  type BreathLoopEmitted,
} from '../../src/machines/breathLoop';
import { getPattern } from '../../src/domain/patterns';

const loop = breathLoopMachine.provide({ actors: { ticker: fromCallback(() => () => {}) } });

function start(patternId: string, targetCycles: number, retention = false, startAt = 1000) {
  const actor = createActor(loop, {
    input: { pattern: getPattern(patternId)!, targetCycles, retention, startAt },
  });
  const emitted: BreathLoopEmitted[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  return { actor, emitted };
}

describe('breath loop', () => {
  it('runs inhale, hold, exhale, pause for box and counts cycles', () => {
    const { actor, emitted } = start('box', 10);
    const seen: string[] = [];
    for (let t = 1000; t < 1000 + 32_000; t += 100) {
      actor.send({ type: 'TICK', now: t });
      const ph = actor.getSnapshot().context.position.phase;
      if (seen[seen.length - 1] !== ph) seen.push(ph);
    }
    expect(seen).toEqual([
      'inhale',
      'hold',
      'exhale',
      'pause',
      'inhale',
      'hold',
      'exhale',
      'pause',
    ]);
    expect(actor.getSnapshot().context.cycleCount).toBe(1);
    actor.send({ type: 'TICK', now: 1000 + 32_000 });
    expect(actor.getSnapshot().context.cycleCount).toBe(2);
    expect(
      emitted.filter((e) => e.type === 'phase').map((e) => (e as { phase: string }).phase),
    ).toEqual(['hold', 'exhale', 'pause', 'inhale', 'hold', 'exhale', 'pause', 'inhale']);
  });

  it('skips zero phases (relaxation has no pause, mindfulness no holds)', () => {
    const { actor } = start('mindfulness', 3);
    const seen = new Set<string>();
    for (let t = 1000; t < 1000 + 30_000; t += 100) {
      actor.send({ type: 'TICK', now: t });
      seen.add(actor.getSnapshot().context.position.phase);
    }
    expect([...seen]).toEqual(['inhale', 'exhale']);
  });

  it('ends by itself at the target cycles with the exact duration, even with a late tick', () => {
    const { actor, emitted } = start('box', 10);
    actor.send({ type: 'TICK', now: 1000 + 100_000 });
    actor.send({ type: 'TICK', now: 1000 + 160_000 + 73 }); // 73 ms late
    const snap = actor.getSnapshot();
    expect(snap.status).toBe('done');
    expect(snap.output).toEqual({
      activeMs: 160_000,
      cycleCount: 10,
      targetCycles: 10,
      completed: true,
      holdsMs: [],
      pauseCount: 0,
      interruptedCycles: 0,
      rounds: 1,
    });
    expect(snap.output).not.toHaveProperty('longestHoldMs');
    expect(emitted.filter((e) => e.type === 'milestone')).toEqual([
      { type: 'milestone', breaths: 5 },
      { type: 'milestone', breaths: 10 },
    ]);
  });

  it('pause keeps the position, paused time is not session time', () => {
    const { actor } = start('box', 2, false, 0);
    actor.send({ type: 'TICK', now: 5000 });
    actor.send({ type: 'PAUSE', now: 5000 });
    expect(actor.getSnapshot().value).toBe('paused');
    actor.send({ type: 'TICK', now: 50_000 }); // ignored while paused
    expect(actor.getSnapshot().context.position).toMatchObject({
      phase: 'hold',
      phaseElapsedMs: 1000,
    });
    actor.send({ type: 'RESUME', now: 65_000 });
    actor.send({ type: 'TICK', now: 65_000 });
    expect(actor.getSnapshot().context.position).toMatchObject({
      phase: 'hold',
      phaseElapsedMs: 1000,
    });
    actor.send({ type: 'TICK', now: 65_000 + 27_000 }); // 32 s active
    const out = actor.getSnapshot().output!;
    expect(out).toMatchObject({
      activeMs: 32_000,
      cycleCount: 2,
      completed: true,
      pauseCount: 1,
      interruptedCycles: 1,
    });
  });

  it('counts an interrupted cycle once however many pauses it had', () => {
    const { actor } = start('box', 2, false, 0);
    actor.send({ type: 'PAUSE', now: 1000 });
    actor.send({ type: 'RESUME', now: 2000 });
    actor.send({ type: 'PAUSE', now: 3000 });
    actor.send({ type: 'RESUME', now: 4000 });
    actor.send({ type: 'TICK', now: 34_000 });
    expect(actor.getSnapshot().output).toMatchObject({
      pauseCount: 2,
      interruptedCycles: 1,
      cycleCount: 2,
    });
  });

  it('STOP ends early with what was measured, from running or paused', () => {
    const a = start('box', 10, false, 0).actor;
    a.send({ type: 'STOP', now: 40_000 });
    expect(a.getSnapshot().output).toMatchObject({
      activeMs: 40_000,
      cycleCount: 2,
      completed: false,
    });
    const b = start('box', 10, false, 0).actor;
    b.send({ type: 'PAUSE', now: 20_000 });
    b.send({ type: 'STOP', now: 90_000 });
    expect(b.getSnapshot().output).toMatchObject({
      activeMs: 20_000,
      cycleCount: 1,
      completed: false,
    });
  });

  it('wim_hof: retention hold after the last exhale; the longest hold is recorded', () => {
    const { actor } = start('wim_hof', 2, true, 0);
    actor.send({ type: 'TICK', now: 6050 }); // 2 cycles of 3 s done at 6000
    expect(actor.getSnapshot().value).toEqual({ retention: 'holding' });
    expect(actor.getSnapshot().context.holdStartedAt).toBe(6000);
    actor.send({ type: 'PAUSE', now: 7000 }); // no pause during a hold
    expect(actor.getSnapshot().value).toEqual({ retention: 'holding' });
    actor.send({ type: 'BREATHE_AGAIN', now: 6000 + 45_500 });
    expect(actor.getSnapshot().value).toEqual({ retention: 'choosing' });
    actor.send({ type: 'ANOTHER_ROUND', now: 60_000 });
    expect(actor.getSnapshot().value).toBe('running');
    actor.send({ type: 'TICK', now: 61_000 });
    expect(actor.getSnapshot().context.position.phase).toBe('inhale');
    actor.send({ type: 'TICK', now: 62_500 });
    expect(actor.getSnapshot().context.position.phase).toBe('exhale');
    actor.send({ type: 'TICK', now: 66_000 });
    actor.send({ type: 'BREATHE_AGAIN', now: 66_000 + 60_000 });
    actor.send({ type: 'FINISH', now: 130_000 });
    const out = actor.getSnapshot().output!;
    expect(out.holdsMs).toEqual([45_500, 60_000]);
    expect(out.longestHoldMs).toBe(60_000);
    expect(out).toMatchObject({
      cycleCount: 4,
      targetCycles: 4,
      rounds: 2,
      completed: true,
      activeMs: 130_000,
    });
  });

  it('STOP during a hold does not count the unfinished hold', () => {
    const { actor } = start('wim_hof', 1, true, 0);
    actor.send({ type: 'TICK', now: 3000 });
    actor.send({ type: 'STOP', now: 20_000 });
    const out = actor.getSnapshot().output!;
    expect(out.holdsMs).toEqual([]);
    expect(out.longestHoldMs).toBeUndefined();
    expect(out).toMatchObject({ activeMs: 20_000, cycleCount: 1, completed: true });
  });

  it('without retention wim_hof simply ends', () => {
    const { actor } = start('wim_hof', 2, false, 0);
    actor.send({ type: 'TICK', now: 6000 });
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('rejects a bad target with a clear error', () => {
    const actor = createActor(loop, {
      input: { pattern: getPattern('box')!, targetCycles: 0, retention: false, startAt: 0 },
    });
    const errors: unknown[] = [];
    actor.subscribe({ error: (e) => errors.push(e) });
    actor.start();
    expect(String(errors[0])).toMatch(/Target cycles/);
  });

  it('the real ticker sends TICKs every 100 ms', async () => {
    const actor = createActor(breathLoopMachine, {
      input: {
        pattern: { inhale: 0.2, hold: 0, exhale: 0.2, hold_after_exhale: 0 },
        targetCycles: 1,
        retention: false,
        startAt: performance.now(),
      },
    });
    actor.start();
    await new Promise((r) => setTimeout(r, 650));
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output!.activeMs).toBe(400);
  });

  it('the real ticker reads the clock it is given', () => {
    vi.useFakeTimers();
    try {
      let t = 0;
      const actor = createActor(breathLoopMachine, {
        input: {
          pattern: getPattern('box')!,
          targetCycles: 1,
          retention: false,
          startAt: 0,
          now: () => t,
        },
      }).start();
      t = 5_000; // a clock far ahead of the timer: the loop follows the clock, not the ticks
      vi.advanceTimersByTime(100);
      expect(actor.getSnapshot().context.position.phase).toBe('hold');
      t = 16_000;
      vi.advanceTimersByTime(100);
      expect(actor.getSnapshot().status).toBe('done');
    } finally {
      vi.useRealTimers();
    }
  });

  it('marks milestones every 5 breaths', () => {
    expect([0, 1, 4, 5, 9, 10, 15].map(isMilestone)).toEqual([
      false,
      false,
      false,
      true,
      false,
      true,
      true,
    ]);
  });
});

describe('breath loop: the guide follows the audio clock (ALIGN)', () => {
  it('moves the clock so the active time at `now` is the audio’s; every boundary moves with it', () => {
    const { actor, emitted } = start('box', 2, false, 1000);
    actor.send({ type: 'TICK', now: 1500 });
    // The audio says 430 ms were heard at 1500 (it started 70 ms late).
    actor.send({ type: 'ALIGN', now: 1500, elapsedMs: 430 });
    expect(actor.getSnapshot().context.clock.startedAt).toBe(1070);
    // The first boundary (4 s) now falls at 5070, not 5000.
    actor.send({ type: 'TICK', now: 5069 });
    expect(actor.getSnapshot().context.position.phase).toBe('inhale');
    actor.send({ type: 'TICK', now: 5070 });
    expect(actor.getSnapshot().context.position.phase).toBe('hold');
    expect(emitted.filter((e) => e.type === 'phase')).toHaveLength(1);
    // The end of two cycles (32 s) at 33 070.
    actor.send({ type: 'TICK', now: 33_069 });
    expect(actor.getSnapshot().status).toBe('active');
    actor.send({ type: 'TICK', now: 33_070 });
    expect(actor.getSnapshot().output?.activeMs).toBe(32_000);
  });

  it('is ignored while paused (paused time is not the audio’s to move)', () => {
    const { actor } = start('box', 2, false, 1000);
    actor.send({ type: 'PAUSE', now: 2000 });
    actor.send({ type: 'ALIGN', now: 2500, elapsedMs: 100 });
    expect(actor.getSnapshot().context.clock.startedAt).toBe(1000);
  });
});
