import {
  AbortedError,
  CircuitOpenError,
  TimeoutError,
  isClientHttpError,
} from './errors/appErrors';

/**
 * Retry with exponential back-off (docs/product.md § Errors). Pure: the clock and the sleep are injected,
 * so tests drive it with fake timers or a simulated clock.
 */

export interface RetryPolicy {
  /** Total attempts, the first one included. */
  attempts: number;
  baseDelayMs: number;
  factor: number;
  maxDelayMs: number;
  /** No new attempt starts once this much time has passed since the first one. */
  totalTimeoutMs: number;
}

/** Generic retry: 3 attempts, 1 s base, x2, 30 s cap, 60 s total. */
export const GENERIC_RETRY_POLICY: RetryPolicy = Object.freeze({
  attempts: 3,
  baseDelayMs: 1_000,
  factor: 2,
  maxDelayMs: 30_000,
  totalTimeoutMs: 60_000,
});

/** Delay before retry number `retryIndex` (0 = the wait after the first failure). */
export function backoffDelay(
  policy: Pick<RetryPolicy, 'baseDelayMs' | 'factor' | 'maxDelayMs'>,
  retryIndex: number,
): number {
  const raw = policy.baseDelayMs * Math.pow(policy.factor, Math.max(0, retryIndex));
  return Math.min(raw, policy.maxDelayMs);
}

/**
 * Delay before retry number `retryNumber` (1-based: 1 is the wait after the first
 * failure) under `policy`, by default the generic 1 s doubling to 30 s. For callers that
 * count tries instead of indexing them, e.g. the outbox's per-item attempt count.
 */
export function delayBeforeRetry(
  retryNumber: number,
  policy: Pick<RetryPolicy, 'baseDelayMs' | 'factor' | 'maxDelayMs'> = GENERIC_RETRY_POLICY,
): number {
  return backoffDelay(policy, Math.floor(retryNumber) - 1);
}

/** No retry on 4xx answers, on cancellation, or when the circuit breaker refuses. */
export function isRetryable(error: unknown): boolean {
  if (error instanceof AbortedError || error instanceof CircuitOpenError) return false;
  if (isClientHttpError(error)) return false;
  return true;
}

export interface RetryDeps {
  now: () => number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface RetryOptions {
  policy?: RetryPolicy;
  shouldRetry?: (error: unknown, attempt: number) => boolean;
  signal?: AbortSignal;
  /** Called before each wait, e.g. for logging. */
  onRetry?: (info: { error: unknown; attempt: number; delayMs: number }) => void;
  deps?: Partial<RetryDeps>;
}

/** A sleep that ends early (rejecting with AbortedError) when the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new AbortedError());
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new AbortedError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

const defaultDeps: RetryDeps = { now: () => Date.now(), sleep };

/**
 * Runs `operation` until it succeeds, the attempts run out, the error is not retryable,
 * or the next wait would pass the total time limit. Rethrows the last error.
 */
export async function retry<T>(
  operation: (attempt: number) => Promise<T>,
  options: RetryOptions = {},
): Promise<T> {
  const policy = options.policy ?? GENERIC_RETRY_POLICY;
  const deps: RetryDeps = { ...defaultDeps, ...options.deps };
  const shouldRetry = options.shouldRetry ?? ((error: unknown) => isRetryable(error));
  const startedAt = deps.now();
  const attempts = Math.max(1, Math.floor(policy.attempts));
  for (let attempt = 1; ; attempt++) {
    if (options.signal?.aborted) throw new AbortedError();
    try {
      return await operation(attempt);
    } catch (error) {
      if (attempt >= attempts || options.signal?.aborted || !shouldRetry(error, attempt))
        throw error;
      const delayMs = backoffDelay(policy, attempt - 1);
      if (deps.now() - startedAt + delayMs >= policy.totalTimeoutMs) throw error;
      options.onRetry?.({ error, attempt, delayMs });
      await deps.sleep(delayMs, options.signal);
    }
  }
}

/**
 * Settles like `promise`, or rejects after `ms` with `makeError()` (default TimeoutError,
 * 'Operation timeout'). E.g. the camera's 10 s limit: withTimeout(start(), 10_000, () =>
 * new CameraTimeoutError()).
 */
export function withTimeout<T>(
  promise: Promise<T>,
  ms: number,
  makeError: () => Error = () => new TimeoutError(ms),
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(makeError()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
