// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, sendTo } from 'xstate';
import type { CameraReport } from '../../src/machines/sessionCamera';

const runs: { stop: ReturnType<typeof vi.fn>; report: (r: CameraReport) => void }[] = [];
vi.mock('../../src/vision/camera/cameraRun', () => ({
  startCameraRun: vi.fn(async (opts: { report: (r: CameraReport) => void }) => {
    const run = { stop: vi.fn(), report: opts.report };
    runs.push(run);
    opts.report({ type: 'CAMERA_STATUS', status: 'starting' });
    return { stop: run.stop };
  }),
}));

const { cameraActor } = await import('../../src/vision/cameraActor');

/** A parent that hosts the camera actor and keeps what it reports. */
function host() {
  const reports: CameraReport[] = [];
  const parent = createMachine({
    types: {} as { events: CameraReport | { type: 'ENABLE_CAMERA' } | { type: 'DISABLE_CAMERA' } },
    invoke: { id: 'camera', src: cameraActor, input: { enabled: true, cycleSeconds: 6 } },
    on: {
      ENABLE_CAMERA: { actions: sendTo('camera', ({ event }) => event) },
      DISABLE_CAMERA: { actions: sendTo('camera', ({ event }) => event) },
      '*': { actions: ({ event }) => reports.push(event as CameraReport) },
    },
  });
  const actor = createActor(parent).start();
  return { actor, reports };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

function setVisibility(state: 'hidden' | 'visible') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

afterEach(() => {
  runs.length = 0;
  setVisibility('visible');
});

describe('camera actor', () => {
  it('opens the camera only on Enable Camera, and stops it when switched off', async () => {
    const { actor, reports } = host();
    await settle();
    expect(runs).toHaveLength(0);
    actor.send({ type: 'ENABLE_CAMERA' });
    await settle();
    expect(runs).toHaveLength(1);
    expect(reports).toContainEqual({ type: 'CAMERA_STATUS', status: 'starting' });
    actor.send({ type: 'DISABLE_CAMERA' });
    expect(runs[0]!.stop).toHaveBeenCalled();
    expect(reports.at(-1)).toEqual({ type: 'CAMERA_STATUS', status: 'off' });
    actor.stop();
  });

  it('stops the tracks when the tab is hidden and starts again when it is shown', async () => {
    const { actor, reports } = host();
    actor.send({ type: 'ENABLE_CAMERA' });
    await settle();
    setVisibility('hidden');
    expect(runs[0]!.stop).toHaveBeenCalled();
    expect(reports).toContainEqual({ type: 'CAMERA_STREAM', stream: null });
    expect(reports).toContainEqual({ type: 'VISION', active: false });
    setVisibility('visible');
    await settle();
    expect(runs).toHaveLength(2);
    actor.stop();
  });

  it('stops the camera when the session stops the actor, and reports nothing afterwards', async () => {
    const { actor, reports } = host();
    actor.send({ type: 'ENABLE_CAMERA' });
    await settle();
    actor.stop();
    expect(runs[0]!.stop).toHaveBeenCalled();
    const before = reports.length;
    runs[0]!.report({ type: 'VISION', active: true });
    setVisibility('hidden');
    setVisibility('visible');
    await settle();
    expect(reports.length).toBe(before);
    expect(runs).toHaveLength(1);
  });

  it('a hidden tab without the camera on opens nothing', async () => {
    const { actor } = host();
    setVisibility('hidden');
    setVisibility('visible');
    await settle();
    expect(runs).toHaveLength(0);
    actor.stop();
  });
});
