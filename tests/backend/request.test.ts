import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRequester, SERVICE_POLICIES, type RequestOutcome } from '../../src/backend/request';
import { AbortedError, CircuitOpenError, HttpError, NetworkError, TimeoutError } from '../../src/domain/errors/appErrors';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** A fetch that never answers until aborted (a hung server). */
function hangingFetch(): typeof fetch {
  return vi.fn(
    (_url: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () =>
          reject(new DOMException('The operation was aborted.', 'AbortError')),
        );
      }),
  ) as unknown as typeof fetch;
}

describe('request helper', () => {
  it('has the per-service limits of docs/product.md § Backend', () => {
    expect(SERVICE_POLICIES.ai.timeoutMs).toBe(30_000);
    expect(SERVICE_POLICIES.ai.retry.attempts).toBe(4); // 3 retries
    expect(SERVICE_POLICIES.vision.timeoutMs).toBe(10_000);
    expect(SERVICE_POLICIES.vision.retry.attempts).toBe(3); // 2 retries
    expect(SERVICE_POLICIES.social.timeoutMs).toBe(15_000);
    expect(SERVICE_POLICIES.social.retry.attempts).toBe(4); // 3 retries
    expect(SERVICE_POLICIES.api.retry).toMatchObject({
      attempts: 3,
      baseDelayMs: 1000,
      factor: 2,
      maxDelayMs: 30_000,
      totalTimeoutMs: 60_000,
    });
    expect(SERVICE_POLICIES.health.timeoutMs).toBe(3_000);
  });

  it('sends JSON with a bearer token and parses the JSON answer', async () => {
    const fetchMock = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
      json({ ok: 1 }),
    );
    const r = createRequester({ fetch: fetchMock as unknown as typeof fetch });
    await expect(r.request('https://x/api/a', { body: { a: 1 }, bearer: 'tok' })).resolves.toEqual({
      ok: 1,
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('https://x/api/a');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"a":1}');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('an empty 204 answer gives undefined', async () => {
    const r = createRequester({
      fetch: (async () => new Response(null, { status: 204 })) as typeof fetch,
    });
    await expect(r.request('/x')).resolves.toBeUndefined();
  });

  it('a 4xx is thrown at once as HttpError with the server message, never retried', async () => {
    const fetchMock = vi.fn(async () => json({ error: 'Email is required' }, 400));
    const r = createRequester({ fetch: fetchMock as unknown as typeof fetch });
    const error = await r.request('/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(400);
    expect((error as HttpError).message).toBe('Email is required');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('AI: 30 s per attempt, 3 retries (1 s, 2 s, 4 s apart), then TimeoutError', async () => {
    const fetchMock = hangingFetch();
    const r = createRequester({ fetch: fetchMock });
    const p = r.request('/api/ai-analysis', { service: 'ai', body: {} });
    const settled = expect(p).rejects.toBeInstanceOf(TimeoutError);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1 + 1_000); // timeout, then 1 s back-off
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(30_000 + 2_000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(30_000 + 4_000);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    await vi.advanceTimersByTimeAsync(30_000);
    await settled;
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('vision: 10 s per attempt, 2 retries', async () => {
    const fetchMock = hangingFetch();
    const r = createRequester({ fetch: fetchMock });
    const p = r.request('/api/vision/process', { service: 'vision', body: {} });
    const settled = expect(p).rejects.toThrow('Operation timeout');
    await vi.advanceTimersByTimeAsync(10_000 + 1_000 + 10_000 + 2_000 + 10_000);
    await settled;
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('social: 15 s per attempt, 3 retries', async () => {
    const fetchMock = hangingFetch();
    const r = createRequester({ fetch: fetchMock });
    const p = r.request('/api/social/share', { service: 'social', body: {} });
    const settled = expect(p).rejects.toBeInstanceOf(TimeoutError);
    await vi.advanceTimersByTimeAsync(4 * 15_000 + 1_000 + 2_000 + 4_000);
    await settled;
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('generic: network errors retried 3 attempts in all, then NetworkError', async () => {
    const fetchMock = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const r = createRequester({ fetch: fetchMock as unknown as typeof fetch });
    const p = r.request('/api/x');
    const settled = expect(p).rejects.toBeInstanceOf(NetworkError);
    await vi.advanceTimersByTimeAsync(3_000);
    await settled;
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('generic: an attempt never runs past the 60 s total', async () => {
    const fetchMock = hangingFetch();
    const r = createRequester({ fetch: fetchMock });
    const p = r.request('/api/x');
    const settled = expect(p).rejects.toBeInstanceOf(TimeoutError);
    await vi.advanceTimersByTimeAsync(60_000);
    await settled;
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('recovers when a retry succeeds', async () => {
    let n = 0;
    const r = createRequester({
      fetch: (async () => {
        n += 1;
        return n === 1 ? json({ error: 'down' }, 503) : json({ fine: true });
      }) as typeof fetch,
    });
    const p = r.request('/api/x');
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(p).resolves.toEqual({ fine: true });
  });

  it('the caller can abort: AbortedError, no retry', async () => {
    const fetchMock = hangingFetch();
    const r = createRequester({ fetch: fetchMock });
    const controller = new AbortController();
    const p = r.request('/api/x', { signal: controller.signal });
    const settled = expect(p).rejects.toBeInstanceOf(AbortedError);
    await vi.advanceTimersByTimeAsync(100);
    controller.abort();
    await settled;
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('the breaker opens after 5 failed attempts and then refuses without calling fetch', async () => {
    const fetchMock = vi.fn(async () => json({}, 500));
    const r = createRequester({ fetch: fetchMock as unknown as typeof fetch });
    // two requests x 3 attempts: the 5th failed attempt opens the breaker; the 6th is refused
    const p1 = r.request('/api/x').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(await p1).toBeInstanceOf(HttpError);
    const p2 = r.request('/api/x').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(3_000);
    const e2 = await p2;
    expect(e2).toBeInstanceOf(CircuitOpenError);
    expect((e2 as Error).message).toBe('Circuit breaker is open');
    expect(fetchMock).toHaveBeenCalledTimes(5);
    expect(r.breaker('api').state).toBe('open');

    // other services keep their own breakers
    await expect(
      r.request('/api/vision/x', { service: 'vision', attempts: 1 }),
    ).rejects.toBeInstanceOf(HttpError);

    // 30 s later one trial call gets through; two successes close it
    fetchMock.mockImplementation(async () => json({ ok: true }));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(r.breaker('api').state).toBe('half_open');
    await r.request('/api/x');
    expect(r.breaker('api').state).toBe('half_open');
    await r.request('/api/x');
    expect(r.breaker('api').state).toBe('closed');
  });

  it('4xx answers do not count against the breaker', async () => {
    const r = createRequester({ fetch: (async () => json({}, 404)) as typeof fetch });
    for (let i = 0; i < 10; i++)
      await expect(r.request('/api/x')).rejects.toBeInstanceOf(HttpError);
    expect(r.breaker('api').state).toBe('closed');
  });

  it('reports each attempt outcome (for the network status)', async () => {
    let n = 0;
    const r = createRequester({
      fetch: (async () => {
        n += 1;
        if (n === 1) throw new TypeError('Failed to fetch');
        return json({});
      }) as typeof fetch,
    });
    const outcomes: RequestOutcome[] = [];
    r.onOutcome((o) => outcomes.push(o));
    const p = r.request('/api/x');
    await vi.advanceTimersByTimeAsync(1_000);
    await p;
    expect(outcomes.map((o) => [o.ok, o.unreachable, o.status])).toEqual([
      [false, true, undefined],
      [true, false, 200],
    ]);
  });

  it('resilientFetch retries a GET on 5xx and hands back the last answer; a POST goes once', async () => {
    const fetchMock = vi.fn(async () => new Response('no', { status: 502 }));
    const r = createRequester({ fetch: fetchMock as unknown as typeof fetch });
    const f = r.resilientFetch('api');
    const p = f('/rest/v1/sessions');
    await vi.advanceTimersByTimeAsync(3_000);
    const res = await p;
    expect(res.status).toBe(502);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    r.breaker('api').reset();
    fetchMock.mockClear();
    const post = await f('/rest/v1/sessions', { method: 'POST', body: '{}' });
    expect(post.status).toBe(502);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
