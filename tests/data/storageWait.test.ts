/**
 * The bounded wait on IndexedDB (src/data/storageWait.ts), with fake timers.
 * Does not prove: that a real engine's lock is what it meets (e2e-engines/ does, in WebKit).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  STORAGE_TIMEOUT_MESSAGE,
  STORAGE_WAIT_MS,
  StorageTimeoutError,
  withinStorageWait,
} from '../../src/data/storageWait';

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

  it('rejects with a message for the person when no answer comes in STORAGE_WAIT_MS', async () => {
    const never = new Promise<never>(() => undefined);
    const waited = withinStorageWait(never, 'store the finished session');
    const outcome = waited.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(STORAGE_WAIT_MS - 1);
    let settled = false;
    void waited.then(() => (settled = true), () => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(StorageTimeoutError);
    expect((error as StorageTimeoutError).message).toBe(STORAGE_TIMEOUT_MESSAGE);
    expect((error as StorageTimeoutError).what).toBe('store the finished session');
    expect(STORAGE_TIMEOUT_MESSAGE).not.toMatch(/IndexedDB|transaction|Dexie/);
  });

  it('leaves no timer behind once answered', async () => {
    await withinStorageWait(Promise.resolve('x'), 'read');
    expect(vi.getTimerCount()).toBe(0);
  });
});
