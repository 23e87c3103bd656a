import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor } from 'xstate';
import { AUTO_START_MS, COUNTDOWN_SECONDS, preSessionMachine } from '../../src/machines/preSession';

function make() {
  const clock = new SimulatedClock();
  const actor = createActor(preSessionMachine, { clock }).start();
  return { actor, clock };
}

describe('pre-session', () => {
  it('benefits -> intro -> countdown 5..0 -> ready -> starts after 0.5 s', () => {
    const { actor, clock } = make();
    expect(actor.getSnapshot().value).toBe('benefits');
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('intro');
    actor.send({ type: 'BEGIN' });
    const seen = [actor.getSnapshot().context.remaining];
    for (let i = 0; i < 4; i++) {
      clock.increment(1000);
      seen.push(actor.getSnapshot().context.remaining);
    }
    expect(seen).toEqual([5, 4, 3, 2, 1]);
    expect(actor.getSnapshot().value).toBe('countdown');
    clock.increment(1000);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.remaining).toBe(0);
    clock.increment(AUTO_START_MS - 1);
    expect(actor.getSnapshot().status).toBe('active');
    clock.increment(1);
    expect(actor.getSnapshot().status).toBe('done');
    expect(COUNTDOWN_SECONDS).toBe(5);
  });

  it('Cancel works while more than 1 second remains, and resets the count', () => {
    const { actor, clock } = make();
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'BEGIN' });
    for (let i = 0; i < 3; i++) clock.increment(1000);
    expect(actor.getSnapshot().context.remaining).toBe(2);
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('intro');
    expect(actor.getSnapshot().context.remaining).toBe(5);
    clock.increment(10_000);
    expect(actor.getSnapshot().value).toBe('intro');
  });

  it('Cancel is refused in the last second', () => {
    const { actor, clock } = make();
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'BEGIN' });
    for (let i = 0; i < 4; i++) clock.increment(1000); // 1 left
    expect(actor.getSnapshot().context.remaining).toBe(1);
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('countdown');
  });

  it('Skip to Session and Start Immediately go straight to ready', () => {
    const a = make();
    a.actor.send({ type: 'SKIP' });
    expect(a.actor.getSnapshot().value).toBe('ready');
    const b = make();
    b.actor.send({ type: 'NEXT' });
    b.actor.send({ type: 'SKIP' });
    expect(b.actor.getSnapshot().value).toBe('ready');
    b.clock.increment(AUTO_START_MS);
    expect(b.actor.getSnapshot().status).toBe('done');
  });

  it('ignores events that do not belong to the step', () => {
    const { actor } = make();
    actor.send({ type: 'BEGIN' });
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('benefits');
  });
});
