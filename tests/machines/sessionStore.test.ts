import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import {
  SESSION_NOT_INITIALIZED,
  sessionPhase,
  sessionStoreMachine,
} from '../../src/machines/sessionStore';
import { breathLoopMachine } from '../../src/machines/breathLoop';
import { choosePattern, sessionConfigFor } from '../../src/domain/patternChoice';

const quietLoop = breathLoopMachine.provide({ actors: { ticker: fromCallback(() => () => {}) } });

function store(stopCameraTracks = vi.fn()) {
  const actor = createActor(
    sessionStoreMachine.provide({
      actors: { breathLoop: quietLoop },
      actions: { stopCameraTracks },
    }),
  );
  actor.start();
  return actor;
}

const classic = sessionConfigFor('classic', choosePattern({ urlParam: 'box' }));
const phase = (a: ReturnType<typeof store>) => sessionPhase(a.getSnapshot().value);
const loopOf = (a: ReturnType<typeof store>) => a.getSnapshot().children.loop!;

describe('session store', () => {
  it('refuses to start without a config', () => {
    const a = store();
    a.send({ type: 'START', now: 0, epochMs: 0 });
    expect(phase(a)).toBe('setup');
    expect(a.getSnapshot().context.error).toBe(SESSION_NOT_INITIALIZED);
    expect(SESSION_NOT_INITIALIZED).toBe('Session not properly initialized');
  });

  it('setup -> ready -> active <-> paused -> complete, mirroring the loop into metrics', () => {
    const a = store();
    a.send({ type: 'CONFIGURE', config: classic });
    expect(phase(a)).toBe('ready');
    expect(a.getSnapshot().context.error).toBeNull();
    a.send({ type: 'START', now: 0, epochMs: 1_700_000_000_000 });
    expect(phase(a)).toBe('active');
    expect(a.getSnapshot().context.metrics.startTime).toBe(1_700_000_000_000);
    loopOf(a).send({ type: 'TICK', now: 21_000 });
    expect(a.getSnapshot().context.metrics).toMatchObject({
      duration: 21,
      cycleCount: 1,
      currentPhase: 'hold',
      phaseProgress: 0.25,
    });
    a.send({ type: 'PAUSE', now: 21_000 });
    expect(phase(a)).toBe('paused');
    expect(loopOf(a).getSnapshot().value).toBe('paused');
    a.send({ type: 'PAUSE', now: 22_000 }); // already paused: ignored
    a.send({ type: 'RESUME', now: 31_000 });
    expect(phase(a)).toBe('active');
    loopOf(a).send({ type: 'TICK', now: 170_000 });
    expect(phase(a)).toBe('complete');
    expect(a.getSnapshot().context.summary).toMatchObject({
      activeMs: 160_000,
      cycleCount: 10,
      completed: true,
      interruptedCycles: 1,
    });
    expect(a.getSnapshot().context.metrics.duration).toBe(160);
  });

  it('STOP ends the session through the loop with what was measured', () => {
    const a = store();
    a.send({ type: 'CONFIGURE', config: classic });
    a.send({ type: 'START', now: 0, epochMs: 0 });
    a.send({ type: 'STOP', now: 33_000 });
    expect(phase(a)).toBe('complete');
    expect(a.getSnapshot().context.summary).toMatchObject({
      activeMs: 33_000,
      cycleCount: 2,
      completed: false,
    });
  });

  it('forwards retention events to the loop', () => {
    const a = store();
    a.send({
      type: 'CONFIGURE',
      config: sessionConfigFor('classic', choosePattern({ urlParam: 'wim_hof' })),
    });
    a.send({ type: 'START', now: 0, epochMs: 0 });
    loopOf(a).send({ type: 'TICK', now: 30_000 });
    expect(loopOf(a).getSnapshot().value).toEqual({ retention: 'holding' });
    a.send({ type: 'BREATHE_AGAIN', now: 70_000 });
    a.send({ type: 'ANOTHER_ROUND', now: 71_000 });
    loopOf(a).send({ type: 'TICK', now: 101_000 });
    a.send({ type: 'BREATHE_AGAIN', now: 111_000 });
    a.send({ type: 'FINISH', now: 112_000 });
    expect(phase(a)).toBe('complete');
    expect(a.getSnapshot().context.summary).toMatchObject({
      holdsMs: [40_000, 10_000],
      longestHoldMs: 40_000,
      cycleCount: 20,
    });
  });

  it('COMPLETE works from any phase', () => {
    for (const prep of [
      [],
      ['CONFIGURE'],
      ['CONFIGURE', 'START'],
      ['CONFIGURE', 'START', 'PAUSE'],
    ]) {
      const a = store();
      for (const t of prep) {
        if (t === 'CONFIGURE') a.send({ type: 'CONFIGURE', config: classic });
        if (t === 'START') a.send({ type: 'START', now: 0, epochMs: 0 });
        if (t === 'PAUSE') a.send({ type: 'PAUSE', now: 10 });
      }
      a.send({ type: 'COMPLETE' });
      expect(phase(a)).toBe('complete');
    }
  });

  it('RESET stops the camera tracks, returns to setup and keeps camera permission and audio choice', () => {
    const stop = vi.fn();
    const a = store(stop);
    a.send({ type: 'CAMERA_PERMISSION', granted: true });
    a.send({ type: 'TOGGLE_AUDIO' });
    a.send({ type: 'CONFIGURE', config: classic });
    a.send({ type: 'START', now: 0, epochMs: 0 });
    a.send({ type: 'WARN', message: 'w' });
    a.send({ type: 'RESET' });
    expect(stop).toHaveBeenCalledTimes(1);
    const c = a.getSnapshot().context;
    expect(phase(a)).toBe('setup');
    expect(c).toMatchObject({
      cameraPermissionGranted: true,
      audioEnabled: false,
      config: null,
      warnings: [],
      summary: null,
    });
    expect(a.getSnapshot().children.loop).toBeUndefined();
  });

  it('the default stopCameraTracks stops every track', () => {
    const a = createActor(sessionStoreMachine).start();
    const tracks = [{ stop: vi.fn() }, { stop: vi.fn() }];
    a.send({
      type: 'CAMERA_STREAM',
      stream: { getTracks: () => tracks } as unknown as MediaStream,
    });
    a.send({ type: 'RESET' });
    expect(tracks.every((t) => t.stop.mock.calls.length === 1)).toBe(true);
    expect(a.getSnapshot().context.cameraStream).toBeNull();
  });

  it('keeps settings: audio, vision, warnings, errors, performance mode', () => {
    const a = store();
    a.send({ type: 'SET_AUDIO', enabled: false });
    expect(a.getSnapshot().context.audioEnabled).toBe(false);
    a.send({ type: 'TOGGLE_AUDIO' });
    expect(a.getSnapshot().context.audioEnabled).toBe(true);
    a.send({ type: 'VISION', active: true });
    expect(a.getSnapshot().context).toMatchObject({ visionActive: true, visionMetrics: null });
    a.send({ type: 'ERROR', message: 'boom' });
    a.send({ type: 'PERFORMANCE_MODE', mode: 'minimal' });
    expect(a.getSnapshot().context).toMatchObject({ error: 'boom', performanceMode: 'minimal' });
    a.send({ type: 'CONFIGURE', config: classic });
    expect(a.getSnapshot().context.error).toBeNull();
  });

  it('a loop that cannot start reports its error and returns to ready', () => {
    const a = store();
    a.send({ type: 'CONFIGURE', config: { ...classic, targetCycles: 0 } });
    a.send({ type: 'START', now: 0, epochMs: 0 });
    expect(phase(a)).toBe('ready');
    expect(a.getSnapshot().context.error).toMatch(/Target cycles/);
  });
});
