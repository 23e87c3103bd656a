import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createQueryClient,
  queryRetryDelay,
  shouldRetryQuery,
} from '../../src/backend/queryClient';
import { HttpError, NetworkError } from '../../src/domain/errors/appErrors';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('query client settings (docs/product.md § Backend)', () => {
  it('fresh 5 min, kept 10 min, no refetch on focus', () => {
    const q = createQueryClient().getDefaultOptions().queries!;
    expect(q.staleTime).toBe(300_000);
    expect(q.gcTime).toBe(600_000);
    expect(q.refetchOnWindowFocus).toBe(false);
  });

  it('back-off 1 s doubling to 30 s; none on 4xx', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(queryRetryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
    expect(shouldRetryQuery(0, new HttpError(404))).toBe(false);
    expect(shouldRetryQuery(2, new NetworkError())).toBe(true);
    expect(shouldRetryQuery(3, new NetworkError())).toBe(false);
  });

  it('a failing query runs 4 times in all (3 retries at 1 s, 2 s, 4 s)', async () => {
    const client = createQueryClient();
    const times: number[] = [];
    const start = Date.now();
    const p = client
      .fetchQuery({
        queryKey: ['x'],
        queryFn: async () => {
          times.push(Date.now() - start);
          throw new NetworkError();
        },
        // fetchQuery defaults retry to false; use the client's default policy
        retry: client.getDefaultOptions().queries!.retry,
      })
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await p).toBeInstanceOf(NetworkError);
    expect(times).toEqual([0, 1000, 3000, 7000]);
  });

  it('a 4xx query fails at once', async () => {
    const client = createQueryClient();
    const fn = vi.fn(async () => {
      throw new HttpError(403);
    });
    const p = client
      .fetchQuery({
        queryKey: ['y'],
        queryFn: fn,
        retry: client.getDefaultOptions().queries!.retry,
      })
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await p).toBeInstanceOf(HttpError);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('a mutation retries once after 1 s', async () => {
    const client = createQueryClient();
    const times: number[] = [];
    const start = Date.now();
    const mutation = client.getMutationCache().build(client, {
      mutationFn: async () => {
        times.push(Date.now() - start);
        throw new NetworkError();
      },
    });
    const p = mutation.execute(undefined).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await p).toBeInstanceOf(NetworkError);
    expect(times).toEqual([0, 1000]);
  });
});
