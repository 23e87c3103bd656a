import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { buildSessionRecord, completionFlowMachine } from '../../src/machines/completionFlow';
import type { SessionRecord } from '../../src/data/db';
import { choosePattern, sessionConfigFor } from '../../src/domain/patternChoice';

const config = sessionConfigFor('classic', choosePattern({ urlParam: 'box' }));
const loop = {
  activeMs: 160_400,
  cycleCount: 10,
  targetCycles: 10,
  completed: true,
  holdsMs: [],
  pauseCount: 1,
  interruptedCycles: 1,
  rounds: 1,
};
const record = buildSessionRecord({
  id: 'id-1',
  loop,
  config,
  startEpochMs: 1000,
  endEpochMs: 200_000,
  userId: null,
});

function make(
  isFirstTime: boolean,
  save = vi.fn(async (_input: unknown) => {}),
  sessionType: SessionRecord['sessionType'] = 'classic',
) {
  const goToResults = vi.fn();
  const practiceAgain = vi.fn();
  const actor = createActor(
    completionFlowMachine.provide({
      actors: { saveSession: fromPromise(async ({ input }) => save(input)) },
      actions: { goToResults, practiceAgain },
    }),
    { input: { record: { ...record, sessionType }, isFirstTime } },
  ).start();
  return { actor, save, goToResults, practiceAgain };
}

describe('completion flow', () => {
  it('saves first, then impact -> unlock (classic first time) -> next -> results', async () => {
    const { actor, save, goToResults } = make(true);
    expect(actor.getSnapshot().value).toBe('saving');
    await waitFor(actor, (s) => s.matches('impact'));
    expect(save).toHaveBeenCalledWith(
      expect.objectContaining({
        record: expect.objectContaining({ id: 'id-1' }),
        isFirstTime: true,
      }),
    );
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('unlock');
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('next');
    actor.send({ type: 'VIEW_RESULTS' });
    expect(goToResults).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('skips unlock when not first time, or not classic', async () => {
    for (const [first, type] of [
      [false, 'classic'],
      [true, 'enhanced'],
      [true, 'mobile'],
    ] as const) {
      const { actor } = make(first, undefined, type);
      await waitFor(actor, (s) => s.matches('impact'));
      actor.send({ type: 'NEXT' });
      expect(actor.getSnapshot().value).toBe('next');
    }
  });

  it('Practice again leaves through its own action', async () => {
    const { actor, practiceAgain, goToResults } = make(false);
    await waitFor(actor, (s) => s.matches('impact'));
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'PRACTICE_AGAIN' });
    expect(practiceAgain).toHaveBeenCalledTimes(1);
    expect(goToResults).not.toHaveBeenCalled();
  });

  it('a failed save is shown and can be retried; nothing moves on before it is saved', async () => {
    let fail = true;
    const save = vi.fn(async (_input: unknown) => {
      if (fail) throw new Error('QuotaExceededError');
    });
    const { actor } = make(false, save);
    await waitFor(actor, (s) => s.matches('saveFailed'));
    expect(actor.getSnapshot().context.error).toBe('QuotaExceededError');
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('saveFailed');
    fail = false;
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches('impact'));
    expect(actor.getSnapshot().context.saved).toBe(true);
  });

  it('the default saveSession refuses clearly', async () => {
    const actor = createActor(completionFlowMachine, {
      input: { record, isFirstTime: false },
    }).start();
    await waitFor(actor, (s) => s.matches('saveFailed'));
    expect(actor.getSnapshot().context.error).toMatch(/not provided/);
  });
});

describe('buildSessionRecord', () => {
  it('keeps only measured figures', () => {
    expect(record).toMatchObject({
      id: 'id-1',
      userId: null,
      patternId: 'box',
      patternName: 'Box Breathing',
      sessionType: 'classic',
      duration: 160,
      cycleCount: 10,
      targetCycles: 10,
      completed: true,
      rhythmConsistency: 90,
      qualityScore: 95,
      cameraUsed: false,
      aiUsed: false,
      syncState: 'guest',
      attempts: 0,
      createdAt: new Date(200_000).toISOString(),
    });
    expect(record).not.toHaveProperty('breathHoldTime');
    expect(record).not.toHaveProperty('stillnessScore');
    expect(record).not.toHaveProperty('restlessnessScore');
  });

  it('records the longest hold in seconds, pending sync for a signed-in user', () => {
    const r = buildSessionRecord({
      id: 'x',
      loop: { ...loop, holdsMs: [41_260, 52_340], longestHoldMs: 52_340 },
      config,
      startEpochMs: 0,
      endEpochMs: 1,
      userId: 'u1',
    });
    expect(r.breathHoldTime).toBe(52.3);
    expect(r.syncState).toBe('pending');
    expect(r.userId).toBe('u1');
  });

  it('a session stopped before any cycle has no quality score at all', () => {
    const r = buildSessionRecord({
      id: 'y',
      loop: { ...loop, activeMs: 3000, cycleCount: 0, completed: false, interruptedCycles: 0 },
      config,
      startEpochMs: 0,
      endEpochMs: 1,
      userId: null,
    });
    expect(r).not.toHaveProperty('qualityScore');
    expect(r).not.toHaveProperty('rhythmConsistency');
    expect(r.duration).toBe(3);
  });
});
