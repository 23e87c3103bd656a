import { describe, expect, it, vi } from 'vitest';
import {
  SimulatedClock,
  createActor,
  createMachine,
  fromCallback,
  fromPromise,
  waitFor,
  type AnyActorLogic,
} from 'xstate';
import { breathLoopMachine } from '../../src/machines/breathLoop';
import {
  SESSION_NOT_INITIALIZED,
  completionStep,
  sessionMachine,
  sessionPhase,
  viewStep,
} from '../../src/machines/session';
import type { Practitioner } from '../../src/machines/sessionContext';
import type { CameraCommand, CameraInput } from '../../src/machines/sessionCamera';
import {
  choosePattern,
  sessionConfigFor,
  type SessionConfig,
} from '../../src/domain/patternChoice';
import type { SessionRecord } from '../../src/domain/sessionRecord';
import type { VisionMetrics } from '../../src/domain/visionSummary';
import { cycleSeconds } from '../../src/domain/patterns';

const quietLoop = breathLoopMachine.provide({ actors: { ticker: fromCallback(() => () => {}) } });
/** A pre-session stand-in that finishes at once. */
const instantPreSession = createMachine({ initial: 'done', states: { done: { type: 'final' } } });
/** One that finishes on START. */
const waitingPreSession = createMachine({
  initial: 'waiting',
  states: { waiting: { on: { START: 'done' } }, done: { type: 'final' } },
});

const classic = sessionConfigFor('classic', choosePattern({ urlParam: 'box' }));
const enhanced = sessionConfigFor('enhanced', choosePattern({ urlParam: 'box' }));
const wimHof = sessionConfigFor('classic', choosePattern({ urlParam: 'wim_hof' }));
const EPOCH = 1_700_000_000_000;

interface Options {
  config?: SessionConfig | null;
  pre?: AnyActorLogic;
  save?: (input: { record: SessionRecord }) => Promise<void>;
  who?: Practitioner | (() => Promise<Practitioner>);
  camera?: AnyActorLogic;
  stopCameraTracks?: () => void;
  machineClock?: SimulatedClock;
}

function make(options: Options = {}) {
  let t = 0;
  const clock = { now: () => t, epochNow: () => EPOCH + t };
  const save = vi.fn(options.save ?? (async (_input: { record: SessionRecord }) => {}));
  const who = options.who ?? { userId: null, hasCompletedSession: false };
  const goToResults = vi.fn();
  const actors: Record<string, AnyActorLogic> = {
    breathLoop: quietLoop,
    preSession: options.pre ?? instantPreSession,
    saveSession: fromPromise(async ({ input }: { input: { record: SessionRecord } }) =>
      save(input),
    ),
    practitioner: fromPromise(async () => (typeof who === 'function' ? who() : who)),
  };
  if (options.camera) actors.camera = options.camera;
  const actor = createActor(
    sessionMachine.provide({
      actors: actors as never,
      actions: {
        goToResults,
        ...(options.stopCameraTracks ? { stopCameraTracks: options.stopCameraTracks } : {}),
      },
    }),
    {
      input: {
        config: options.config === undefined ? classic : options.config,
        clock,
        newId: () => 'id-1',
      },
      ...(options.machineClock ? { clock: options.machineClock } : {}),
    },
  ).start();
  return {
    actor,
    save,
    goToResults,
    /** Moves the injected clock to `ms` (monotonic; the epoch follows). */
    at: (ms: number) => {
      t = ms;
    },
    phase: () => sessionPhase(actor.getSnapshot()),
    step: () => viewStep(actor.getSnapshot()),
    completion: () => completionStep(actor.getSnapshot()),
    context: () => actor.getSnapshot().context,
    loop: () => actor.getSnapshot().children.loop!,
  };
}

type Session = ReturnType<typeof make>;
/** The pre-session stand-in finishes. */
const begin = (s: Session) =>
  s.actor.getSnapshot().children.preSession!.send({ type: 'START', countdown: 0 });
const reachImpact = (s: Session) => waitFor(s.actor, () => s.completion() === 'impact');

describe('session machine: the store phases', () => {
  it('refuses to start without a config', () => {
    const s = make({ config: null });
    expect(s.step()).toBe('failed');
    expect(s.context().error).toBe(SESSION_NOT_INITIALIZED);
    expect(SESSION_NOT_INITIALIZED).toBe('Session not properly initialized');
    expect(s.actor.getSnapshot().children.loop).toBeUndefined();
  });

  it('setup -> active <-> paused -> complete, mirroring the loop into metrics', () => {
    const s = make({ pre: waitingPreSession });
    expect(s.phase()).toBe('setup');
    s.at(5_000);
    begin(s);
    expect(s.phase()).toBe('active');
    expect(s.context().error).toBeNull();
    expect(s.context().metrics.startTime).toBe(EPOCH + 5_000);
    s.loop().send({ type: 'TICK', now: 26_000 });
    expect(s.context().metrics).toMatchObject({
      duration: 21,
      cycleCount: 1,
      currentPhase: 'hold',
      phaseProgress: 0.25,
    });
    s.actor.send({ type: 'PAUSE', now: 26_000 });
    expect(s.phase()).toBe('paused');
    expect(s.loop().getSnapshot().value).toBe('paused');
    s.actor.send({ type: 'PAUSE', now: 27_000 }); // already paused: ignored
    s.actor.send({ type: 'RESUME', now: 36_000 });
    expect(s.phase()).toBe('active');
    s.at(175_000);
    s.loop().send({ type: 'TICK', now: 175_000 });
    expect(s.phase()).toBe('complete');
    expect(s.context().summary).toMatchObject({
      activeMs: 160_000,
      cycleCount: 10,
      completed: true,
      interruptedCycles: 1,
    });
    expect(s.context().metrics.duration).toBe(160);
    expect(s.context().endTime).toBe(EPOCH + 175_000);
  });

  it('with the camera enabled, the camera runs in setup and the one Start goes on to the breath', () => {
    const s = make({ config: enhanced, pre: waitingPreSession });
    expect(s.phase()).toBe('setup');
    expect(s.step()).toBe('setup');
    expect(s.actor.getSnapshot().children.camera).toBeDefined();
    expect(s.actor.getSnapshot().children.loop).toBeUndefined();
    s.at(2_000);
    begin(s); // the pre-session's one 'Start' (its countdown is the pre-session's own)
    expect(s.phase()).toBe('active');
    expect(s.step()).toBe('active');
    expect(s.loop().getSnapshot().context.clock.startedAt).toBe(2_000);
  });

  it('STOP ends the session through the loop with what was measured', () => {
    const s = make();
    s.actor.send({ type: 'STOP', now: 33_000 });
    expect(s.phase()).toBe('complete');
    expect(s.context().summary).toMatchObject({
      activeMs: 33_000,
      cycleCount: 2,
      completed: false,
    });
  });

  it('RESTART (the shortcut R) starts a running or paused session again from its first breath, saving nothing', () => {
    const s = make();
    s.at(40_000);
    s.loop().send({ type: 'TICK', now: 40_000 });
    expect(s.context().metrics.cycleCount).toBe(2);
    s.actor.send({ type: 'PAUSE', now: 40_000 });
    expect(s.phase()).toBe('paused');
    const first = s.loop();
    s.at(50_000);
    s.actor.send({ type: 'RESTART' });
    expect(s.phase()).toBe('active');
    expect(s.loop()).not.toBe(first);
    expect(s.loop().getSnapshot().context.clock.startedAt).toBe(50_000);
    expect(s.context().metrics).toMatchObject({ cycleCount: 0, duration: 0 });
    expect(s.save).not.toHaveBeenCalled();
    s.loop().send({ type: 'TICK', now: 66_000 });
    expect(s.context().metrics.cycleCount).toBe(1);
  });

  it('an event without its own time is stamped by the injected clock', () => {
    const s = make();
    s.at(12_500);
    s.actor.send({ type: 'STOP' });
    expect(s.context().summary).toMatchObject({ activeMs: 12_500 });
    expect(s.context().endTime).toBe(EPOCH + 12_500);
  });

  it('forwards retention events to the loop; PAUSE does not apply during a hold', () => {
    const s = make({ config: wimHof });
    s.loop().send({ type: 'TICK', now: 30_000 });
    expect(s.loop().getSnapshot().value).toEqual({ retention: 'holding' });
    s.actor.send({ type: 'PAUSE', now: 35_000 });
    expect(s.phase()).toBe('active');
    s.actor.send({ type: 'BREATHE_AGAIN', now: 70_000 });
    s.actor.send({ type: 'ANOTHER_ROUND', now: 71_000 });
    s.loop().send({ type: 'TICK', now: 101_000 });
    s.actor.send({ type: 'BREATHE_AGAIN', now: 111_000 });
    s.actor.send({ type: 'FINISH', now: 112_000 });
    expect(s.phase()).toBe('complete');
    expect(s.context().summary).toMatchObject({
      holdsMs: [40_000, 10_000],
      longestHoldMs: 40_000,
      cycleCount: 20,
    });
  });

  it('STOP completes from active, paused and a retention hold; before the loop there is nothing to end', () => {
    for (const prep of [[], ['PAUSE'], ['HOLD']]) {
      const s = make({ config: wimHof });
      if (prep[0] === 'PAUSE') s.actor.send({ type: 'PAUSE', now: 10 });
      if (prep[0] === 'HOLD') s.loop().send({ type: 'TICK', now: 30_000 });
      s.actor.send({ type: 'STOP', now: 31_000 });
      expect(s.phase()).toBe('complete');
    }
    const waiting = make({ pre: waitingPreSession });
    waiting.actor.send({ type: 'STOP' });
    expect(waiting.phase()).toBe('setup');
    const cameraSetup = make({ config: enhanced, pre: waitingPreSession });
    cameraSetup.actor.send({ type: 'STOP' });
    expect(cameraSetup.phase()).toBe('setup');
  });

  it('RESET stops the camera tracks, returns to setup and keeps camera permission and audio choice', () => {
    const stop = vi.fn();
    const s = make({ stopCameraTracks: stop });
    s.actor.send({ type: 'CAMERA_PERMISSION', granted: true });
    s.actor.send({ type: 'CAMERA_STREAM', stream: { getTracks: () => [] } as never });
    s.actor.send({ type: 'TOGGLE_AUDIO' });
    s.actor.send({ type: 'WARN', message: 'w' });
    s.actor.send({ type: 'RESET' });
    expect(stop).toHaveBeenCalledTimes(1);
    const c = s.context();
    expect(s.phase()).toBe('active'); // the instant pre-session starts the fresh session again
    expect(c).toMatchObject({
      cameraPermissionGranted: true,
      audioEnabled: false,
      cameraStream: null,
      config: classic,
      warnings: [],
      summary: null,
      record: null,
    });
    const w = make({ pre: waitingPreSession });
    begin(w);
    w.actor.send({ type: 'RESET' });
    expect(w.phase()).toBe('setup');
    expect(w.actor.getSnapshot().children.loop).toBeUndefined();
    expect(w.actor.getSnapshot().children.preSession).toBeDefined();
  });

  it('the default stopCameraTracks stops every track once', () => {
    const tracks = [{ stop: vi.fn() }, { stop: vi.fn() }];
    const s = make();
    s.actor.send({ type: 'CAMERA_STREAM', stream: { getTracks: () => tracks } as never });
    s.actor.send({ type: 'RESET' });
    expect(tracks.every((t) => t.stop.mock.calls.length === 1)).toBe(true);
    expect(s.context().cameraStream).toBeNull();
  });

  it('keeps settings: audio, vision, warnings, errors, performance mode', () => {
    const s = make({ pre: waitingPreSession });
    s.actor.send({ type: 'SET_AUDIO', enabled: false });
    expect(s.context().audioEnabled).toBe(false);
    s.actor.send({ type: 'TOGGLE_AUDIO' });
    expect(s.context().audioEnabled).toBe(true);
    s.actor.send({ type: 'VISION', active: true });
    expect(s.context()).toMatchObject({ visionActive: true, visionMetrics: null });
    s.actor.send({ type: 'WARN', message: 'slow device' });
    s.actor.send({ type: 'ERROR', message: 'boom' });
    s.actor.send({ type: 'PERFORMANCE_MODE', mode: 'minimal' });
    expect(s.context()).toMatchObject({
      error: 'boom',
      performanceMode: 'minimal',
      warnings: ['slow device'],
    });
    s.actor.send({ type: 'RESET' });
    expect(s.context().error).toBeNull();
  });

  it('a loop that cannot start reports its error', () => {
    const s = make({ config: { ...classic, targetCycles: 0 } });
    expect(s.step()).toBe('failed');
    expect(s.context().error).toMatch(/Target cycles/);
  });
});

/** A classic session with the machine's own clock and id: only the named actors are replaced. */
function withDefaults(actors: Record<string, AnyActorLogic>) {
  return createActor(
    sessionMachine.provide({
      actors: { breathLoop: quietLoop, preSession: instantPreSession, ...actors } as never,
    }),
    { input: { config: classic } },
  ).start();
}
const returningPractitioner = fromPromise<Practitioner>(async () => ({
  userId: null,
  hasCompletedSession: true,
}));

describe('session machine: completion', () => {
  it('builds the record once from the injected clock and id, saves it, then impact -> unlock -> next -> results', async () => {
    const s = make();
    s.at(160_400);
    s.loop().send({ type: 'TICK', now: 160_400 });
    expect(s.completion()).toBe('identifying');
    await reachImpact(s);
    expect(s.save).toHaveBeenCalledTimes(1);
    const record = s.save.mock.calls[0]![0].record;
    expect(record).toMatchObject({
      id: 'id-1',
      userId: null,
      syncState: 'guest',
      patternId: 'box',
      sessionType: 'classic',
      startTime: EPOCH,
      endTime: EPOCH + 160_400,
      createdAt: new Date(EPOCH + 160_400).toISOString(),
      duration: 160,
      cycleCount: 10,
      completed: true,
      cameraUsed: false,
    });
    expect(s.context().record).toBe(record);
    expect(s.context().isFirstTime).toBe(true);
    s.actor.send({ type: 'NEXT' });
    expect(s.completion()).toBe('unlock');
    s.actor.send({ type: 'NEXT' });
    expect(s.completion()).toBe('next');
    s.actor.send({ type: 'VIEW_RESULTS' });
    expect(s.goToResults).toHaveBeenCalledTimes(1);
    expect(s.goToResults.mock.calls[0]![0].context.record).toBe(record);
    expect(s.completion()).toBe('leaving');
    s.actor.send({ type: 'VIEW_RESULTS' });
    expect(s.goToResults).toHaveBeenCalledTimes(1);
  });

  it('a signed-in session is pending for the outbox and never shows the unlock', async () => {
    const s = make({ who: { userId: 'u1', hasCompletedSession: false } });
    s.actor.send({ type: 'STOP', now: 40_000 });
    await reachImpact(s);
    expect(s.context().record).toMatchObject({ userId: 'u1', syncState: 'pending' });
    s.actor.send({ type: 'NEXT' });
    expect(s.completion()).toBe('next');
  });

  it('skips unlock when not first time, or not classic', async () => {
    for (const [hasCompletedSession, config] of [
      [true, classic],
      [false, sessionConfigFor('enhanced', choosePattern({ urlParam: 'box' }))],
      [false, sessionConfigFor('mobile', choosePattern({ urlParam: 'box' }))],
    ] as const) {
      const s = make({ config, who: { userId: null, hasCompletedSession } });
      s.actor.send({ type: 'STOP', now: 20_000 });
      await reachImpact(s);
      s.actor.send({ type: 'NEXT' });
      expect(s.completion()).toBe('next');
    }
  });

  it('Practice Again starts a fresh session at setup, keeping the audio choice', async () => {
    const s = make({ pre: waitingPreSession });
    begin(s);
    s.actor.send({ type: 'TOGGLE_AUDIO' });
    s.actor.send({ type: 'STOP', now: 20_000 });
    await reachImpact(s);
    s.actor.send({ type: 'NEXT' });
    s.actor.send({ type: 'NEXT' });
    s.actor.send({ type: 'PRACTICE_AGAIN' });
    expect(s.goToResults).not.toHaveBeenCalled();
    expect(s.step()).toBe('setup');
    expect(s.context()).toMatchObject({ record: null, summary: null, audioEnabled: false });
    expect(s.context().metrics.startTime).toBeNull();
  });

  it('a failed save is shown and can be retried; nothing moves on before it is saved', async () => {
    let fail = true;
    const s = make({
      save: async () => {
        if (fail) throw new Error('QuotaExceededError');
      },
    });
    s.actor.send({ type: 'STOP', now: 20_000 });
    await waitFor(s.actor, () => s.completion() === 'saveFailed');
    expect(s.context().saveError).toBe('QuotaExceededError');
    expect(s.context().error).toBeNull(); // not the session-error card
    s.actor.send({ type: 'NEXT' });
    expect(s.completion()).toBe('saveFailed');
    fail = false;
    s.actor.send({ type: 'RETRY' });
    await reachImpact(s);
    expect(s.save).toHaveBeenCalledTimes(2);
    expect(s.save.mock.calls[1]![0].record).toBe(s.save.mock.calls[0]![0].record);
    expect(s.context().saveError).toBeNull();
  });

  it('when who practised cannot be read, nothing is saved until a retry reads it', async () => {
    let fail = true;
    const s = make({
      who: async () => {
        if (fail) throw new Error('storage blocked');
        return { userId: null, hasCompletedSession: true };
      },
    });
    s.actor.send({ type: 'STOP', now: 20_000 });
    await waitFor(s.actor, () => s.completion() === 'saveFailed');
    expect(s.context().saveError).toBe('storage blocked');
    expect(s.context().record).toBeNull();
    fail = false;
    s.actor.send({ type: 'RETRY' });
    await reachImpact(s);
    expect(s.save).toHaveBeenCalledTimes(1);
  });

  it('the default saveSession and practitioner refuse clearly', async () => {
    const bare = withDefaults({});
    bare.send({ type: 'STOP', now: 1 });
    await waitFor(bare, (s) => completionStep(s) === 'saveFailed');
    expect(bare.getSnapshot().context.saveError).toMatch(/practitioner is not provided/);

    const noSave = withDefaults({ practitioner: returningPractitioner });
    noSave.send({ type: 'STOP', now: 1 });
    await waitFor(noSave, (s) => completionStep(s) === 'saveFailed');
    expect(noSave.getSnapshot().context.saveError).toMatch(/saveSession is not provided/);
  });
});

describe('session machine: defaults', () => {
  it('each session gets its own client-made UUID by default', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const a = withDefaults({
        practitioner: returningPractitioner,
        saveSession: fromPromise(async () => {}),
      });
      a.send({ type: 'STOP', now: 1 });
      await waitFor(a, (snap) => completionStep(snap) === 'impact');
      ids.push(a.getSnapshot().context.record!.id);
    }
    expect(ids[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('the default clock is performance.now and Date.now', async () => {
    const { systemClock } = await import('../../src/machines/sessionClock');
    const before = Date.now();
    expect(systemClock.epochNow()).toBeGreaterThanOrEqual(before);
    expect(Math.abs(systemClock.now() - performance.now())).toBeLessThan(50);
  });
});

describe('session machine: view steps', () => {
  it('without camera: setup -> (start) -> active -> complete -> Practice Again -> setup', async () => {
    const s = make({ pre: waitingPreSession });
    expect(s.step()).toBe('setup');
    begin(s);
    expect(s.step()).toBe('active');
    s.actor.send({ type: 'STOP', now: 5_000 });
    expect(s.step()).toBe('complete');
    await reachImpact(s);
    s.actor.send({ type: 'NEXT' });
    s.actor.send({ type: 'NEXT' });
    s.actor.send({ type: 'PRACTICE_AGAIN' });
    expect(s.step()).toBe('setup');
  });

  it('RESET returns to setup from anywhere and restarts the pre-session', async () => {
    const s = make({ pre: waitingPreSession });
    s.actor.send({ type: 'RESET' });
    expect(s.step()).toBe('setup');
    const first = s.actor.getSnapshot().children.preSession;
    s.actor.send({ type: 'RESET' });
    expect(s.actor.getSnapshot().children.preSession).toBeDefined();
    expect(s.actor.getSnapshot().children.preSession).not.toBe(first);
    begin(s);
    s.actor.send({ type: 'STOP', now: 1_000 });
    await reachImpact(s);
    s.actor.send({ type: 'RESET' });
    expect(s.step()).toBe('setup');
  });

  it('ignores out-of-order events', () => {
    const s = make({ pre: waitingPreSession });
    for (const type of ['NEXT', 'RETRY', 'VIEW_RESULTS', 'PRACTICE_AGAIN'] as const)
      s.actor.send({ type });
    s.actor.send({ type: 'RESUME', now: 1 });
    expect(s.step()).toBe('setup');
    expect(s.goToResults).not.toHaveBeenCalled();
  });

  it('works with the real pre-session', () => {
    const machineClock = new SimulatedClock();
    const s = make({
      pre: sessionMachine.implementations.actors.preSession as never,
      machineClock,
    });
    expect(s.actor.getSnapshot().children.preSession!.getSnapshot().value).toBe('prepare');
    s.actor.getSnapshot().children.preSession!.send({ type: 'START', countdown: 0 });
    expect(s.step()).toBe('setup');
    machineClock.increment(500);
    expect(s.step()).toBe('active');
  });
});

describe('session machine: the camera slot', () => {
  const sample = (stillness: number): VisionMetrics => ({
    stillness,
    restlessnessScore: 100 - stillness,
    movementLevel: 100 - stillness,
    presence: 100,
    posture: 80,
    faceChecked: true,
    faceDetected: true,
    confidence: 0.9,
    breathSignal: null,
    breathsPerMinute: null,
    processingTimeMs: 12,
    capturedAt: 0,
    source: 'device',
  });

  it('runs the camera actor from setup on, forwards its commands and stops it when the session ends', () => {
    const seen: { input: CameraInput; commands: CameraCommand[]; stopped: boolean } = {
      input: { enabled: false },
      commands: [],
      stopped: false,
    };
    const camera = fromCallback<CameraCommand, CameraInput>(({ input, receive, sendBack }) => {
      seen.input = input;
      receive((c) => {
        seen.commands.push(c);
        sendBack({ type: 'CAMERA_PERMISSION', granted: true });
      });
      return () => {
        seen.stopped = true;
      };
    });
    const s = make({ config: enhanced, camera, pre: waitingPreSession });
    expect(s.step()).toBe('setup');
    expect(s.actor.getSnapshot().children.camera).toBeDefined();
    expect(seen.input).toEqual({ enabled: true, cycleSeconds: cycleSeconds(enhanced.pattern) });
    s.actor.send({ type: 'ENABLE_CAMERA' });
    expect(seen.commands).toEqual([{ type: 'ENABLE_CAMERA' }]);
    expect(s.context().cameraPermissionGranted).toBe(true);
    begin(s);
    expect(s.step()).toBe('active');
    expect(seen.stopped).toBe(false); // the same camera runs on into the session
    s.actor.send({ type: 'STOP', now: 1_000 });
    expect(seen.stopped).toBe(true);
    expect(s.actor.getSnapshot().children.camera).toBeUndefined();
  });

  it('the default camera reports nothing: the record says no camera was used', async () => {
    const s = make({ config: enhanced });
    s.actor.send({ type: 'STOP', now: 40_000 });
    await reachImpact(s);
    expect(s.context().record).toMatchObject({ cameraUsed: false });
    expect(s.context().record).not.toHaveProperty('stillnessScore');
  });

  it('samples taken while breathing become the stored stillness; setup and pauses do not count', async () => {
    const s = make({ config: enhanced, pre: waitingPreSession });
    s.actor.send({ type: 'VISION', active: true, metrics: sample(10) }); // the pre-session's preview
    begin(s);
    s.actor.send({ type: 'VISION', active: true, metrics: sample(80) });
    s.actor.send({ type: 'VISION', active: true, metrics: sample(90) });
    s.actor.send({ type: 'PAUSE', now: 1_000 });
    s.actor.send({ type: 'VISION', active: true, metrics: sample(0) });
    expect(s.context().visionMetrics?.stillness).toBe(0);
    s.actor.send({ type: 'RESUME', now: 2_000 });
    s.actor.send({ type: 'STOP', now: 40_000 });
    expect(s.context().visionActive).toBe(false);
    await reachImpact(s);
    expect(s.context().record).toMatchObject({
      cameraUsed: true,
      stillnessScore: 85,
      restlessnessScore: 15,
    });
  });
});
