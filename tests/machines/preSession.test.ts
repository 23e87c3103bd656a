import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor } from 'xstate';
import { AUTO_START_MS, preSessionMachine } from '../../src/machines/preSession';
import { DEFAULT_COUNTDOWN_SECONDS, countdownSeconds } from '../../src/domain/countdown';

/**
 * The pre-session machine on XState's simulated clock. It does not prove the screen sends
 * the stored preference (e2e/session.spec.ts and e2e/first-minute.spec.ts do).
 */
function make() {
  const clock = new SimulatedClock();
  const actor = createActor(preSessionMachine, { clock }).start();
  return { actor, clock };
}

describe('pre-session', () => {
  it('one screen: Start -> countdown 3..1 -> ready -> starts after 0.5 s', () => {
    const { actor, clock } = make();
    expect(actor.getSnapshot().value).toBe('prepare');
    actor.send({ type: 'START', countdown: 3 });
    const seen = [actor.getSnapshot().context.remaining];
    for (let i = 0; i < 2; i++) {
      clock.increment(1000);
      seen.push(actor.getSnapshot().context.remaining);
    }
    expect(seen).toEqual([3, 2, 1]);
    expect(actor.getSnapshot().value).toBe('countdown');
    clock.increment(1000);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.remaining).toBe(0);
    clock.increment(AUTO_START_MS - 1);
    expect(actor.getSnapshot().status).toBe('active');
    clock.increment(1);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('a countdown of 0 goes straight to ready', () => {
    const { actor, clock } = make();
    actor.send({ type: 'START', countdown: 0 });
    expect(actor.getSnapshot().value).toBe('ready');
    clock.increment(AUTO_START_MS);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('runs the chosen length, and a bad stored value runs the default', () => {
    const { actor, clock } = make();
    actor.send({ type: 'START', countdown: 5 });
    expect(actor.getSnapshot().context.remaining).toBe(5);
    for (let i = 0; i < 5; i++) clock.increment(1000);
    expect(actor.getSnapshot().value).toBe('ready');
    const b = make();
    b.actor.send({ type: 'START', countdown: Number.NaN });
    expect(b.actor.getSnapshot().context.remaining).toBe(DEFAULT_COUNTDOWN_SECONDS);
  });

  it('Cancel works while more than 1 second remains and returns to the screen', () => {
    const { actor, clock } = make();
    actor.send({ type: 'START', countdown: 5 });
    for (let i = 0; i < 3; i++) clock.increment(1000);
    expect(actor.getSnapshot().context.remaining).toBe(2);
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('prepare');
    clock.increment(10_000);
    expect(actor.getSnapshot().value).toBe('prepare');
    actor.send({ type: 'START', countdown: 5 });
    expect(actor.getSnapshot().context.remaining).toBe(5);
  });

  it('Cancel is refused in the last second', () => {
    const { actor, clock } = make();
    actor.send({ type: 'START', countdown: 3 });
    for (let i = 0; i < 2; i++) clock.increment(1000); // 1 left
    expect(actor.getSnapshot().context.remaining).toBe(1);
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('countdown');
  });

  it('ignores events that do not belong to the step', () => {
    const { actor } = make();
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('prepare');
  });
});

describe('countdown preference', () => {
  it('defaults to 3 s, allows 0, keeps within 0-10 whole seconds', () => {
    expect(DEFAULT_COUNTDOWN_SECONDS).toBe(3);
    expect(countdownSeconds(undefined)).toBe(3);
    expect(countdownSeconds('5')).toBe(3);
    expect(countdownSeconds(0)).toBe(0);
    expect(countdownSeconds(-2)).toBe(0);
    expect(countdownSeconds(4.6)).toBe(5);
    expect(countdownSeconds(60)).toBe(10);
  });
});
