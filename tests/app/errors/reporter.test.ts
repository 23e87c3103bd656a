import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ErrorLogRecord } from '../../../src/data/db';
import { HttpError, NetworkError } from '../../../src/domain/errors/appErrors';
import {
  REPORTING,
  createErrorReporter,
  type ReportPayload,
  type ReporterDeps,
} from '../../../src/app/errors/reporter';

function memoryStore() {
  const rows: ErrorLogRecord[] = [];
  let nextId = 1;
  const store: ReporterDeps['store'] = {
    add: async (r) => {
      const id = nextId++;
      rows.push({ ...r, id });
      return id;
    },
    pending: async (limit) =>
      rows.filter((r) => !r.reported && typeof r.context?.reporting !== 'string').slice(0, limit),
    markReported: async (ids) => {
      for (const r of rows) if (ids.includes(r.id!)) r.reported = true;
    },
    markRejected: async (ids) => {
      for (const r of rows)
        if (ids.includes(r.id!)) r.context = { ...r.context, reporting: 'rejected' };
    },
  };
  return { rows, store };
}

function setup(overrides: Partial<ReporterDeps> = {}) {
  const { rows, store } = memoryStore();
  const batches: ReportPayload[][] = [];
  let online = true;
  const send = vi.fn(async (reports: ReportPayload[]) => {
    batches.push(reports);
  });
  const reporter = createErrorReporter({
    send,
    random: () => 0.5,
    now: () => Date.now(),
    isOnline: () => online,
    store,
    pageUrl: () => 'http://app/x',
    userAgent: () => 'test-agent',
    ...overrides,
  });
  return {
    rows,
    batches,
    send,
    reporter,
    setOnline(v: boolean) {
      online = v;
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('error reporter', () => {
  it('stores every error locally with its category and severity, scrubbed', async () => {
    const { rows, reporter } = setup();
    await reporter.capture(new Error('login failed password=hunter2'), {
      context: { token: 'abc', page: 'auth' },
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      category: 'authentication',
      severity: 'high',
      reported: false,
    });
    expect(rows[0]!.message).toBe('login failed password=[redacted]');
    expect(rows[0]!.context).toMatchObject({
      token: '[redacted]',
      page: 'auth',
      url: 'http://app/x',
    });
  });

  it('global handlers raise the severity to at least high', async () => {
    const { rows, reporter } = setup();
    await reporter.capture(new Error('Something odd'), { minSeverity: 'high' });
    await reporter.capture(new ReferenceError('x is not defined'), { minSeverity: 'high' });
    expect(rows.map((r) => r.severity)).toEqual(['high', 'critical']);
  });

  it('critical errors leave at once; others are batched after 5 s in one request', async () => {
    const { batches, reporter } = setup();
    await reporter.capture(new TypeError('boom'));
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toHaveLength(1);
    expect(batches[0]![0]).toMatchObject({
      message: 'boom',
      severity: 'critical',
      name: 'TypeError',
      url: 'http://app/x',
      userAgent: 'test-agent',
    });
    await reporter.capture(new Error('Something odd'));
    await reporter.capture(new Error('Session state corrupted'));
    await vi.advanceTimersByTimeAsync(REPORTING.batchDelayMs - 1);
    expect(batches).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toHaveLength(2);
    expect(batches[1]!.map((r) => r.message)).toEqual(['Something odd', 'Session state corrupted']);
  });

  it('low severity: kept locally, sent only inside the 10% sample', async () => {
    let rnd = 0.5;
    const { rows, batches, reporter } = setup({ random: () => rnd });
    await reporter.capture(new Error('AI analysis failed')); // low, 0.5 >= 0.1: sampled out
    rnd = 0.05;
    await reporter.capture(new Error('AI analysis failed again')); // low, inside the sample
    await vi.advanceTimersByTimeAsync(REPORTING.batchDelayMs);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.context?.reporting).toBe('sampled_out');
    expect(batches.flat().map((r) => r.message)).toEqual(['AI analysis failed again']);
  });

  it('report: false keeps it local only', async () => {
    const { rows, batches, reporter } = setup();
    await reporter.capture(new Error('Failed to share session'), { report: false });
    await vi.advanceTimersByTimeAsync(REPORTING.batchDelayMs);
    expect(rows[0]!.context?.reporting).toBe('local_only');
    expect(batches).toHaveLength(0);
  });

  it('offline: queued, sent once when back online, never twice', async () => {
    const s = setup();
    s.setOnline(false);
    await s.reporter.capture(new TypeError('offline crash'));
    await vi.advanceTimersByTimeAsync(REPORTING.batchDelayMs);
    expect(s.send).not.toHaveBeenCalled();
    s.setOnline(true);
    await Promise.all([s.reporter.flush(), s.reporter.flush(), s.reporter.flush()]);
    await s.reporter.flush();
    expect(s.batches.flat().map((r) => r.message)).toEqual(['offline crash']);
    expect(s.rows[0]!.reported).toBe(true);
  });

  it('a network failure keeps the reports and retries after 60 s', async () => {
    let fail = true;
    const s = setup({
      send: vi.fn(async () => {
        if (fail) throw new NetworkError();
      }),
    });
    await s.reporter.capture(new TypeError('crash'));
    await vi.advanceTimersByTimeAsync(0);
    expect(s.rows[0]!.reported).toBe(false);
    fail = false;
    await vi.advanceTimersByTimeAsync(REPORTING.retryDelayMs);
    expect(s.rows[0]!.reported).toBe(true);
  });

  it('a 400 takes the batch off the queue (kept locally); a 401 stops reporting', async () => {
    const s = setup({
      send: vi.fn(async () => {
        throw new HttpError(400, 'bad');
      }),
    });
    await s.reporter.capture(new TypeError('malformed'));
    await vi.advanceTimersByTimeAsync(0);
    expect(s.rows[0]!.context?.reporting).toBe('rejected');

    const send401 = vi.fn(async () => {
      throw new HttpError(401);
    });
    const t = setup({ send: send401 });
    await t.reporter.capture(new TypeError('a'));
    await vi.advanceTimersByTimeAsync(0);
    await t.reporter.capture(new TypeError('b'));
    await vi.advanceTimersByTimeAsync(REPORTING.retryDelayMs);
    expect(send401).toHaveBeenCalledTimes(1);
    expect(t.rows.every((r) => !r.reported)).toBe(true);
  });

  it('never throws, even when storage fails; caps captures per minute', async () => {
    const s = setup({
      store: {
        add: async () => {
          throw new Error('IndexedDB broken');
        },
        pending: async () => [],
        markReported: async () => undefined,
        markRejected: async () => undefined,
      },
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(s.reporter.capture(new TypeError('x'))).resolves.toBeUndefined();
    expect(s.send).toHaveBeenCalledTimes(1); // still sent directly
    warn.mockRestore();

    const t = setup();
    for (let i = 0; i < REPORTING.maxPerMinute + 10; i++)
      await t.reporter.capture(new Error(`e${i}`));
    expect(t.rows).toHaveLength(REPORTING.maxPerMinute);
  });

  it('sends at most 50 per request', async () => {
    const s = setup();
    s.setOnline(false);
    // more than one minute apart in groups to pass the rate cap
    for (let i = 0; i < 60; i++) {
      if (i % 25 === 0) await vi.advanceTimersByTimeAsync(60_000);
      await s.reporter.capture(new Error(`e${i}`));
    }
    s.setOnline(true);
    await s.reporter.flush();
    expect(s.batches.map((b) => b.length)).toEqual([50, 10]);
  });
});
