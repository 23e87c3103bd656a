/**
 * The bounded wait on IndexedDB (src/data/storageWait.ts), with fake timers and a clock
 * the test moves (the real wait measures on the engine's own clock, which no fake clock replaces).
 * Does not prove: that a real engine's lock is what it meets (e2e-engines/ does, in WebKit),
 * nor that Playwright's page.clock leaves PerformanceMark alone in every engine (the e2e
 * specs that fast-forward past a save show it in Chromium).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  STORAGE_TIMEOUT_MESSAGE,
  STORAGE_WAIT_MS,
  StorageTimeoutError,
  withinStorageWait,
} from '../../src/data/storageWait';

/** A clock the test moves by hand: the time that really passed. */
function realTime() {
  let t = 1000;
  return { now: () => t, pass: (ms: number) => (t += ms) };
}

async function isSettled(p: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void p.then(
    () => (settled = true),
    () => (settled = true),
  );
  await Promise.resolve();
  await Promise.resolve();
  return settled;
}

describe('withinStorageWait', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());

  it('gives the answer that comes in time', async () => {
    await expect(withinStorageWait(Promise.resolve(42), 'read')).resolves.toBe(42);
  });

  it('passes the failure on as it is', async () => {
    const failure = new Error('QuotaExceededError');
    await expect(withinStorageWait(Promise.reject(failure), 'write')).rejects.toBe(failure);
  });

  it('rejects with a message for the person when no answer comes in STORAGE_WAIT_MS of real time', async () => {
    const clock = realTime();
    const never = new Promise<never>(() => undefined);
    const waited = withinStorageWait(never, 'store the finished session', { now: clock.now });
    const outcome = waited.catch((e: unknown) => e);
    clock.pass(STORAGE_WAIT_MS - 1);
    await vi.advanceTimersByTimeAsync(STORAGE_WAIT_MS - 1);
    expect(await isSettled(waited)).toBe(false);
    clock.pass(1);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(StorageTimeoutError);
    expect((error as StorageTimeoutError).message).toBe(STORAGE_TIMEOUT_MESSAGE);
    expect((error as StorageTimeoutError).what).toBe('store the finished session');
    expect(STORAGE_TIMEOUT_MESSAGE).not.toMatch(/IndexedDB|transaction|Dexie/);
  });

  it('a fake clock jumping past the bound does not fail a save that is still under way (Playwright page.clock)', async () => {
    const clock = realTime();
    let store!: (v: string) => void;
    const slowSave = new Promise<string>((resolve) => (store = resolve));
    const waited = withinStorageWait(slowSave, 'store the finished session', { now: clock.now });
    // The test fast-forwards a minute while only 30 ms really pass.
    clock.pass(30);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await isSettled(waited)).toBe(false);
    store('rec-1');
    await expect(waited).resolves.toBe('rec-1');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('after a jump it is still bounded: it fails once the rest of the real time has passed', async () => {
    const clock = realTime();
    const never = new Promise<never>(() => undefined);
    const waited = withinStorageWait(never, 'read', { now: clock.now });
    const outcome = waited.catch((e: unknown) => e);
    clock.pass(2000);
    await vi.advanceTimersByTimeAsync(STORAGE_WAIT_MS); // early by 6 s of real time
    expect(await isSettled(waited)).toBe(false);
    clock.pass(6000);
    await vi.advanceTimersByTimeAsync(6000);
    expect(await outcome).toBeInstanceOf(StorageTimeoutError);
  });

  it('leaves no timer behind once answered', async () => {
    await withinStorageWait(Promise.resolve('x'), 'read');
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('the clock it measures on by default (the engine\'s own)', () => {
  it('does not move with a fake performance.now or Date, and does with real time', async () => {
    vi.useFakeTimers({ toFake: ['performance', 'Date', 'setTimeout'] });
    let failed = false;
    try {
      void withinStorageWait(new Promise<never>(() => undefined), 'read', 1000).catch(() => {
        failed = true;
      });
      vi.advanceTimersByTime(60_000); // the fake clock jumps a minute; the engine's did not
      await Promise.resolve();
      expect(failed).toBe(false);
    } finally {
      vi.useRealTimers();
    }
    const started = Date.now();
    await expect(withinStorageWait(new Promise<never>(() => undefined), 'read', 25)).rejects.toBeInstanceOf(StorageTimeoutError);
    expect(Date.now() - started).toBeGreaterThanOrEqual(20);
  });
});
