import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AbortedError, CircuitOpenError, HttpError, NetworkError } from '../../src/domain/errors/appErrors';
import { GENERIC_RETRY_POLICY, backoffDelay, isRetryable, retry } from '../../src/domain/retry';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('backoffDelay', () => {
  it('1 s base doubling, capped at 30 s', () => {
    const delays = [0, 1, 2, 3, 4, 5, 6].map((i) => backoffDelay(GENERIC_RETRY_POLICY, i));
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
  it('the generic policy has the documented values', () => {
    expect(GENERIC_RETRY_POLICY).toEqual({
      attempts: 3,
      baseDelayMs: 1000,
      factor: 2,
      maxDelayMs: 30000,
      totalTimeoutMs: 60000,
    });
  });
});

describe('retry with fake timers', () => {
  it('tries 3 times with 1 s then 2 s between, then rethrows the last error', async () => {
    const calls: number[] = [];
    const op = vi.fn(async (attempt: number) => {
      calls.push(Date.now());
      throw new NetworkError(`fail ${attempt}`);
    });
    const start = Date.now();
    const p = retry(op);
    const settled = expect(p).rejects.toThrow('fail 3');
    await vi.advanceTimersByTimeAsync(999);
    expect(op).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(op).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(op).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(op).toHaveBeenCalledTimes(3);
    await settled;
    expect(calls.map((t) => t - start)).toEqual([0, 1000, 3000]);
  });

  it('returns the first success', async () => {
    let n = 0;
    const p = retry(async () => {
      n += 1;
      if (n < 2) throw new NetworkError();
      return 'ok';
    });
    await vi.advanceTimersByTimeAsync(1000);
    await expect(p).resolves.toBe('ok');
    expect(n).toBe(2);
  });

  it('never retries a 4xx, a cancellation or an open circuit', async () => {
    for (const error of [
      new HttpError(400),
      new HttpError(404),
      new HttpError(429),
      new AbortedError(),
      new CircuitOpenError(),
    ]) {
      const op = vi.fn(async () => {
        throw error;
      });
      await expect(retry(op)).rejects.toBe(error);
      expect(op).toHaveBeenCalledTimes(1);
    }
    expect(isRetryable(new HttpError(500))).toBe(true);
    expect(isRetryable(new HttpError(499))).toBe(false);
    expect(isRetryable({ status: 403 })).toBe(false);
  });

  it('retries 5xx answers', async () => {
    const op = vi.fn(async () => {
      throw new HttpError(503);
    });
    const p = retry(op);
    const settled = expect(p).rejects.toBeInstanceOf(HttpError);
    await vi.advanceTimersByTimeAsync(3000);
    await settled;
    expect(op).toHaveBeenCalledTimes(3);
  });

  it('stops when the next wait would pass the 60 s total', async () => {
    const op = vi.fn(async () => {
      // each attempt itself takes 25 s
      await new Promise((r) => setTimeout(r, 25_000));
      throw new NetworkError();
    });
    const p = retry(op, { policy: { ...GENERIC_RETRY_POLICY, attempts: 10 } });
    const settled = expect(p).rejects.toBeInstanceOf(NetworkError);
    // t=25 s fail, wait 1 s; t=51 s fail, next wait 2 s -> 53 s < 60 s; t=78 s: 78+4 > 60 -> stop
    await vi.advanceTimersByTimeAsync(200_000);
    await settled;
    expect(op).toHaveBeenCalledTimes(3);
  });

  it('honours the attempt count of a service policy (vision: 2 retries = 3 attempts)', async () => {
    const op = vi.fn(async () => {
      throw new NetworkError();
    });
    const p = retry(op, { policy: { ...GENERIC_RETRY_POLICY, attempts: 3 } });
    const settled = expect(p).rejects.toBeInstanceOf(NetworkError);
    await vi.advanceTimersByTimeAsync(10_000);
    await settled;
    expect(op).toHaveBeenCalledTimes(3);
  });

  it('an abort during the wait ends it at once with AbortedError', async () => {
    const controller = new AbortController();
    const op = vi.fn(async () => {
      throw new NetworkError();
    });
    const p = retry(op, { signal: controller.signal });
    const settled = expect(p).rejects.toBeInstanceOf(AbortedError);
    await vi.advanceTimersByTimeAsync(500);
    controller.abort();
    await settled;
    expect(op).toHaveBeenCalledTimes(1);
  });

  it('reports each retry with its delay', async () => {
    const seen: Array<[number, number]> = [];
    const p = retry(
      async () => {
        throw new NetworkError();
      },
      { onRetry: ({ attempt, delayMs }) => seen.push([attempt, delayMs]) },
    );
    const settled = expect(p).rejects.toBeInstanceOf(NetworkError);
    await vi.advanceTimersByTimeAsync(5000);
    await settled;
    expect(seen).toEqual([
      [1, 1000],
      [2, 2000],
    ]);
  });
});

describe('withTimeout', () => {
  it("rejects with 'Operation timeout' after the limit, or the given error", async () => {
    const { withTimeout } = await import('../../src/domain/retry');
    const { CameraTimeoutError } = await import('../../src/domain/errors/appErrors');
    const { classifyError } = await import('../../src/domain/errors/classifier');
    const never = new Promise<never>(() => undefined);
    const p = withTimeout(never, 30_000);
    const settled = expect(p).rejects.toThrow('Operation timeout');
    await vi.advanceTimersByTimeAsync(30_000);
    await settled;

    const cam = withTimeout(never, 10_000, () => new CameraTimeoutError());
    const camSettled = cam.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(9_999);
    await vi.advanceTimersByTimeAsync(1);
    const error = await camSettled;
    expect(classifyError(error).userMessage).toBe(
      'Camera access timed out. Please check permissions and try again.',
    );
  });

  it('passes a value or an error through before the limit', async () => {
    const { withTimeout } = await import('../../src/domain/retry');
    await expect(withTimeout(Promise.resolve(7), 1_000)).resolves.toBe(7);
    await expect(withTimeout(Promise.reject(new Error('no')), 1_000)).rejects.toThrow('no');
  });
});
