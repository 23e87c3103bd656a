import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  HEALTH_SETTINGS,
  checkHealth,
  createHealthMonitor,
  logHealthOnSessionStart,
  type HealthReport,
} from '../../src/backend/health';
import { createRequester } from '../../src/backend/request';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function report(backendReachable: boolean): HealthReport {
  return { backendReachable, checks: [], checkedAt: Date.now(), durationMs: 1 };
}

describe('health checks', () => {
  it('has the product timings (docs/product.md § Backend)', () => {
    expect(HEALTH_SETTINGS).toMatchObject({
      intervalMs: 600_000,
      perCheckTimeoutMs: 3_000,
      overallTimeoutMs: 10_000,
      visionTimeoutMs: 2_000,
      sessionStartTimeoutMs: 2_000,
    });
  });

  it('checks the backend and vision; only the backend decides reachability', async () => {
    const fetchMock = vi.fn(async (url: RequestInfo | URL) =>
      String(url).endsWith('/vision')
        ? new Response('{}', { status: 503 })
        : new Response('{"status":"ok"}', { status: 200 }),
    );
    const r = createRequester({ fetch: fetchMock as unknown as typeof fetch });
    const result = await checkHealth('http://api', { requester: r }, { includeVision: true });
    expect(result.backendReachable).toBe(true);
    expect(result.checks.map((c) => [c.name, c.ok, c.reachable, c.status])).toEqual([
      ['backend', true, true, 200],
      ['vision', false, true, 503],
    ]);
    expect(fetchMock.mock.calls.map((c) => String(c[0]))).toEqual([
      'http://api/api/health',
      'http://api/api/health/vision',
    ]);
    // the periodic check asks the backend only
    const plain = await checkHealth('http://api', { requester: r });
    expect(plain.checks.map((c) => c.name)).toEqual(['backend']);
  });

  it('a hung backend fails its check after 3 s (vision after 2 s), well within 10 s overall', async () => {
    const fetchMock = vi.fn(
      (_url: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_res, rej) =>
          init?.signal?.addEventListener('abort', () =>
            rej(new DOMException('aborted', 'AbortError')),
          ),
        ),
    );
    const r = createRequester({ fetch: fetchMock as unknown as typeof fetch });
    const p = checkHealth('http://api', { requester: r }, { includeVision: true });
    await vi.advanceTimersByTimeAsync(3_000);
    const result = await p;
    expect(result.backendReachable).toBe(false);
    expect(result.checks.map((c) => [c.name, c.latencyMs, c.error])).toEqual([
      ['backend', 3_000, 'Operation timeout'],
      ['vision', 2_000, 'Operation timeout'],
    ]);
    expect(fetchMock).toHaveBeenCalledTimes(2); // no retries for health checks
  });

  it('on session start: one HEAD with a 2 s limit, logged only, failure treated as healthy', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const fetchMock = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const r = createRequester({ fetch: fetchMock as unknown as typeof fetch });
    const result = await logHealthOnSessionStart('http://api', { requester: r });
    expect(result.ok).toBe(false);
    expect((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].method).toBe('HEAD');
    expect(info).toHaveBeenCalledWith(expect.stringContaining('continuing as healthy'));
    info.mockRestore();
  });
});

describe('health monitor', () => {
  it('checks at start, then every 10 minutes; every 30 s while unreachable; recovers by itself', async () => {
    let reachable = true;
    const seen: boolean[] = [];
    const check = vi.fn(async () => report(reachable));
    const m = createHealthMonitor({ check, onReport: (r) => seen.push(r.backendReachable) });
    m.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(600_000 - 1);
    expect(check).toHaveBeenCalledTimes(1);
    reachable = false;
    await vi.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(2);
    expect(seen).toEqual([true, false]);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(check).toHaveBeenCalledTimes(3);
    reachable = true;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(seen).toEqual([true, false, false, true]);
    // back to the 10-minute rhythm
    await vi.advanceTimersByTimeAsync(599_999);
    expect(check).toHaveBeenCalledTimes(4);
    m.stop();
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(check).toHaveBeenCalledTimes(4);
  });

  it('never runs two checks at once', async () => {
    let resolve: (r: HealthReport) => void = () => undefined;
    const check = vi.fn(() => new Promise<HealthReport>((r) => (resolve = r)));
    const m = createHealthMonitor({ check, onReport: () => undefined });
    const a = m.checkNow();
    const b = m.checkNow();
    expect(check).toHaveBeenCalledTimes(1);
    resolve(report(true));
    expect(await a).toEqual(await b);
  });
});
