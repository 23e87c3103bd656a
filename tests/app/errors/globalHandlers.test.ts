// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setConfigForTests } from '../../../src/backend/config';
import { installGlobalErrorHandlers } from '../../../src/app/errors/globalHandlers';
import { errorReporter } from '../../../src/app/errors/reporterRuntime';

/** Sends what is queued now, as the reporter's own timer would a few seconds later. */
const flushErrorReports = () => errorReporter.flush();
import { db } from '../../../src/data/db';

/** The errors stored on the device, newest first. */
const storedErrors = () => db.errorLog.orderBy(':id').reverse().toArray();

let uninstall: () => void = () => undefined;
const fetchMock = vi.fn(
  async (_url: RequestInfo | URL, _init?: RequestInit) =>
    new Response(JSON.stringify({ accepted: 1 }), { status: 202 }),
);

beforeEach(async () => {
  await db.errorLog.clear();
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  setConfigForTests({
    supabaseUrl: 'http://backend',
    supabaseAnonKey: 'anon-key-123',
    apiUrl: 'http://backend',
  });
  uninstall = installGlobalErrorHandlers({ startupFlushDelayMs: 0 });
});
afterEach(() => {
  uninstall();
  vi.unstubAllGlobals();
  setConfigForTests(null);
});

describe('global error handlers', () => {
  it('an uncaught error is stored with high severity and reported with the anon key', async () => {
    window.dispatchEvent(
      new ErrorEvent('error', {
        error: new Error('Something odd happened'),
        message: 'Something odd happened',
      }),
    );
    await vi.waitFor(async () =>
      expect((await storedErrors()).map((r) => [r.message, r.severity])).toEqual([
        ['Something odd happened', 'high'],
      ]),
    );
    await flushErrorReports();
    const call = fetchMock.mock.calls.find(([url]) => String(url) === 'http://backend/api/errors');
    expect(call).toBeDefined();
    const init = call![1]!;
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer anon-key-123');
    const body = JSON.parse(String(init.body)) as {
      reports: Array<{ message: string; severity: string }>;
    };
    expect(body.reports).toEqual([
      expect.objectContaining({ message: 'Something odd happened', severity: 'high' }),
    ]);
    await vi.waitFor(async () => expect((await storedErrors())[0]!.reported).toBe(true));
  });

  it('an unhandled rejection is stored with high severity; secrets never leave', async () => {
    const event = new Event('unhandledrejection') as Event & { reason: unknown };
    event.reason = new Error('request failed: {"password":"hunter2"}');
    window.dispatchEvent(event);
    await vi.waitFor(async () => expect(await storedErrors()).toHaveLength(1));
    const [row] = await storedErrors();
    expect(row!.severity).toBe('high');
    expect(row!.message).toBe('request failed: {"password":"[redacted]"}');
    expect(row!.context?.source).toBe('unhandledrejection');
    await flushErrorReports();
    expect(JSON.stringify(fetchMock.mock.calls)).not.toContain('hunter2');
  });

  it('ignores browser noise', async () => {
    window.dispatchEvent(
      new ErrorEvent('error', {
        message: 'ResizeObserver loop completed with undelivered notifications.',
      }),
    );
    await new Promise((r) => setTimeout(r, 20));
    expect(await storedErrors()).toHaveLength(0);
  });
});

describe('offline queue', () => {
  it('while the backend is unreachable reports wait; they leave once when it answers again', async () => {
    const { applyHealthReportForTests } = await import('../../../src/app/network/networkStore');
    applyHealthReportForTests({ backendReachable: false, checks: [], checkedAt: 1, durationMs: 1 });
    window.dispatchEvent(
      new ErrorEvent('error', {
        error: new ReferenceError('x is not defined'),
        message: 'x is not defined',
      }),
    );
    await vi.waitFor(async () => expect(await storedErrors()).toHaveLength(1));
    await flushErrorReports();
    expect(
      fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/errors')),
    ).toHaveLength(0);
    applyHealthReportForTests({ backendReachable: true, checks: [], checkedAt: 2, durationMs: 1 });
    await vi.waitFor(async () => expect((await storedErrors())[0]!.reported).toBe(true));
    await flushErrorReports();
    expect(
      fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/errors')),
    ).toHaveLength(1);
  });
});
