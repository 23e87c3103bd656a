/**
 * The program run machine on a fake clock (TICKs by hand; the ticker replaced): it ends
 * by itself at the end of the last segment, a tap ends a retention and the next round
 * starts from the tap, pause is refused in holds, and ALIGN moves the run to the audio.
 *
 * Not proved here: the screen's use of it (e2e/programs.spec.ts).
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { wimHofProgram, getBuiltInProgram } from '../../src/domain/programs/builtInPrograms';
import { buildTimeline } from '../../src/domain/programs/timeline';
import { programRunMachine } from '../../src/machines/programRun';

const machine = programRunMachine.provide({ actors: { ticker: fromCallback(() => () => {}) } });

function run(timeline = buildTimeline(wimHofProgram(2, 3)), startAt = 1000) {
  const actor = createActor(machine, { input: { timeline, startAt, now: () => 0 } });
  const steps: number[] = [];
  actor.on('step', (e) => steps.push(e.stepIndex));
  actor.start();
  return { actor, steps };
}

describe('programRun', () => {
  it('runs Wim Hof rounds: retention until the tap, recovery, next round, then done with each retention', () => {
    const { actor, steps } = run();
    actor.send({ type: 'TICK', now: 1000 + 9_000 + 50 });
    expect(actor.getSnapshot().context.position.step?.kind).toBe('retention');
    actor.send({ type: 'PAUSE', now: 1000 + 9_100 });
    expect(actor.getSnapshot().matches('running')).toBe(true); // no pause in a hold
    actor.send({ type: 'TAP', now: 1000 + 9_000 + 42_000 });
    expect(actor.getSnapshot().context.position.step?.kind).toBe('hold');
    actor.send({ type: 'TICK', now: 1000 + 51_000 + 15_000 });
    expect(actor.getSnapshot().context.position.step).toMatchObject({
      kind: 'inhale',
      segmentIndex: 3,
    });
    actor.send({ type: 'TICK', now: 1000 + 66_000 + 9_000 + 10 });
    actor.send({ type: 'TAP', now: 1000 + 75_000 + 61_500 });
    actor.send({ type: 'TICK', now: 1000 + 136_500 + 15_000 });
    const s = actor.getSnapshot();
    expect(s.status).toBe('done');
    expect(s.output).toMatchObject({
      completed: true,
      retentionsMs: [42_000, 61_500],
      cycleCount: 6,
      totalCycles: 6,
      activeMs: 151_500,
    });
    expect(steps.length).toBeGreaterThanOrEqual(5);
  });

  it('pauses in breathing, keeps the position, and STOP ends it early', () => {
    const { actor } = run(buildTimeline(getBuiltInProgram('box-rising')!), 0);
    actor.send({ type: 'TICK', now: 5_000 });
    actor.send({ type: 'PAUSE', now: 5_000 });
    expect(actor.getSnapshot().matches('paused')).toBe(true);
    actor.send({ type: 'RESUME', now: 65_000 });
    actor.send({ type: 'TICK', now: 68_000 });
    expect(actor.getSnapshot().context.position).toMatchObject({ stepIndex: 2, stepElapsedMs: 0 });
    actor.send({ type: 'STOP', now: 70_000 });
    expect(actor.getSnapshot().output).toMatchObject({
      completed: false,
      activeMs: 10_000,
      pauseCount: 1,
      cycleCount: 0,
    });
  });

  it('follows the audio clock: ALIGN moves every later boundary by the difference', () => {
    const { actor } = run(buildTimeline(getBuiltInProgram('box-rising')!), 0);
    actor.send({ type: 'ALIGN', now: 3_000, elapsedMs: 2_950 });
    actor.send({ type: 'TICK', now: 4_030 });
    expect(actor.getSnapshot().context.position.stepIndex).toBe(0);
    actor.send({ type: 'TICK', now: 4_050 });
    expect(actor.getSnapshot().context.position.stepIndex).toBe(1);
  });
});
