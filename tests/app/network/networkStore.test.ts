// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HealthReport } from '../../../src/backend/health';
import { requester } from '../../../src/backend/request';
import {
  getNetworkSnapshot,
  getNetworkStatus,
  resetNetworkStoreForTests,
  startNetworkMonitoring,
  subscribeNetworkStatus,
} from '../../../src/app/network/networkStore';

const report = (ok: boolean): HealthReport => ({
  backendReachable: ok,
  checks: [],
  checkedAt: Date.now(),
  durationMs: 1,
});

afterEach(() => {
  resetNetworkStoreForTests();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

function setOnLine(value: boolean) {
  Object.defineProperty(navigator, 'onLine', { value, configurable: true });
}

describe('network store', () => {
  it('follows the browser online/offline events and the health checks', async () => {
    setOnLine(true);
    let ok = false;
    const check = vi.fn(async () => report(ok));
    startNetworkMonitoring('http://api', { check, delayMs: 0 });
    await vi.waitFor(() => expect(getNetworkStatus()).toBe('offline')); // backend unreachable
    const changes: string[] = [];
    const off = subscribeNetworkStatus(() => changes.push(getNetworkStatus()));
    ok = true;
    setOnLine(false);
    window.dispatchEvent(new Event('offline'));
    expect(getNetworkSnapshot().browserOnline).toBe(false);
    setOnLine(true);
    window.dispatchEvent(new Event('online')); // triggers a check now
    await vi.waitFor(() => expect(getNetworkStatus()).toBe('online'));
    expect(check).toHaveBeenCalledTimes(2);
    expect(changes.at(-1)).toBe('online');
    off();
  });

  it('a request that cannot reach the backend triggers a check; an answer marks it reachable', async () => {
    setOnLine(true);
    let ok = true;
    const check = vi.fn(async () => report(ok));
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    startNetworkMonitoring('http://api', { check, delayMs: 0 });
    await vi.waitFor(() => expect(check).toHaveBeenCalledTimes(1));
    ok = false;
    fetchSpy.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await vi.waitFor(() => expect(getNetworkSnapshot().backendReachable).toBe(true));
    await new Promise((r) => setTimeout(r, 0)); // let the first check finish
    await expect(requester.request('http://api/api/sessions', { attempts: 1 })).rejects.toThrow();
    await vi.waitFor(() => expect(getNetworkStatus()).toBe('offline'));
    expect(check).toHaveBeenCalledTimes(2);
    fetchSpy.mockResolvedValueOnce(
      new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    await requester.request('http://api/api/sessions', { attempts: 1 });
    expect(getNetworkStatus()).toBe('online');
  });

  it('slow on 2g', async () => {
    setOnLine(true);
    const connection = Object.assign(new EventTarget(), { effectiveType: '4g' });
    Object.defineProperty(navigator, 'connection', { value: connection, configurable: true });
    startNetworkMonitoring('http://api', { check: async () => report(true), delayMs: 0 });
    await vi.waitFor(() => expect(getNetworkStatus()).toBe('online'));
    connection.effectiveType = '2g';
    connection.dispatchEvent(new Event('change'));
    expect(getNetworkStatus()).toBe('slow');
  });
});
