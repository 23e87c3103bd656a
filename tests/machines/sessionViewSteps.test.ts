import { describe, expect, it, vi } from 'vitest';
import { SimulatedClock, createActor, createMachine } from 'xstate';
import { sessionViewStepsMachine } from '../../src/machines/sessionViewSteps';

/** A pre-session stand-in that finishes at once. */
const instantPreSession = createMachine({ initial: 'done', states: { done: { type: 'final' } } });
/** One that waits. */
const waitingPreSession = createMachine({ initial: 'waiting', states: { waiting: {} } });

function make(cameraEnabled: boolean, pre = instantPreSession) {
  const startSession = vi.fn();
  const actor = createActor(
    sessionViewStepsMachine.provide({
      actors: { preSession: pre as never },
      actions: { startSession },
    }),
    { input: { cameraEnabled } },
  ).start();
  return { actor, startSession };
}

describe('session view steps', () => {
  it('without camera: setup -> (start) -> active -> complete -> Continue -> setup', () => {
    const { actor, startSession } = make(false);
    expect(actor.getSnapshot().value).toBe('setup');
    expect(startSession).toHaveBeenCalledTimes(1);
    actor.send({ type: 'SESSION_ACTIVE' });
    expect(actor.getSnapshot().value).toBe('active');
    actor.send({ type: 'SESSION_COMPLETE' });
    expect(actor.getSnapshot().value).toBe('complete');
    actor.send({ type: 'CONTINUE' });
    expect(actor.getSnapshot().value).toBe('setup');
  });

  it('with camera: setup -> camera_setup -> Start Session -> active', () => {
    const { actor, startSession } = make(true);
    expect(actor.getSnapshot().value).toBe('camera_setup');
    expect(startSession).not.toHaveBeenCalled();
    actor.send({ type: 'START_SESSION' });
    expect(startSession).toHaveBeenCalledTimes(1);
    actor.send({ type: 'SESSION_ACTIVE' });
    expect(actor.getSnapshot().value).toBe('active');
  });

  it('RESET returns to setup from anywhere and restarts the pre-session', () => {
    const { actor } = make(false, waitingPreSession);
    actor.send({ type: 'SESSION_ACTIVE' });
    actor.send({ type: 'RESET' });
    expect(actor.getSnapshot().value).toBe('setup');
    expect(actor.getSnapshot().children.preSession).toBeDefined();
    actor.send({ type: 'RESET' });
    expect(actor.getSnapshot().value).toBe('setup');
  });

  it('ignores out-of-order events', () => {
    const { actor } = make(false, waitingPreSession);
    actor.send({ type: 'SESSION_COMPLETE' });
    actor.send({ type: 'CONTINUE' });
    expect(actor.getSnapshot().value).toBe('setup');
    actor.send({ type: 'SET_CAMERA', enabled: true });
    expect(actor.getSnapshot().context.cameraEnabled).toBe(true);
  });

  it('works with the real pre-session', () => {
    const clock = new SimulatedClock();
    const startSession = vi.fn();
    const actor = createActor(sessionViewStepsMachine.provide({ actions: { startSession } }), {
      input: { cameraEnabled: false },
      clock,
    }).start();
    actor.getSnapshot().children.preSession!.send({ type: 'SKIP' });
    clock.increment(500);
    expect(startSession).toHaveBeenCalledTimes(1);
  });
});
