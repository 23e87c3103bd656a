import { CircuitBreaker, type CircuitState } from '../domain/circuitBreaker';
import { AbortedError, HttpError, NetworkError, TimeoutError } from '../domain/errors/appErrors';
import {
  GENERIC_RETRY_POLICY,
  isRetryable,
  retry,
  sleep as defaultSleep,
  type RetryPolicy,
} from '../domain/retry';

/**
 * The one request helper every remote call goes through: per-service time limits and
 * retries, the generic retry policy, and one circuit breaker per service (spec 4, 9).
 */

export type ServiceName = 'api' | 'ai' | 'vision' | 'social' | 'health' | 'errors';

export interface ServicePolicy {
  /** Time limit of one attempt; undefined means "whatever is left of the total". */
  timeoutMs?: number;
  retry: RetryPolicy;
  /** Whether calls pass through (and feed) the service's circuit breaker. */
  breaker: boolean;
}

const NO_TOTAL_LIMIT = Number.POSITIVE_INFINITY;

/**
 * Services of spec 9: AI 30 s with 3 retries, vision 10 s with 2, social 15 s with 3.
 * Everything else uses the generic policy (3 attempts, 1 s base, x2, 30 s cap, 60 s total).
 * Health checks get one 3 s attempt and bypass the breaker, so they can see a recovery.
 */
export const SERVICE_POLICIES: Readonly<Record<ServiceName, ServicePolicy>> = Object.freeze({
  api: { retry: GENERIC_RETRY_POLICY, breaker: true },
  ai: {
    timeoutMs: 30_000,
    retry: { ...GENERIC_RETRY_POLICY, attempts: 4, totalTimeoutMs: NO_TOTAL_LIMIT },
    breaker: true,
  },
  vision: {
    timeoutMs: 10_000,
    retry: { ...GENERIC_RETRY_POLICY, attempts: 3, totalTimeoutMs: NO_TOTAL_LIMIT },
    breaker: true,
  },
  social: {
    timeoutMs: 15_000,
    retry: { ...GENERIC_RETRY_POLICY, attempts: 4, totalTimeoutMs: NO_TOTAL_LIMIT },
    breaker: true,
  },
  health: { timeoutMs: 3_000, retry: { ...GENERIC_RETRY_POLICY, attempts: 1 }, breaker: false },
  errors: { timeoutMs: 10_000, retry: { ...GENERIC_RETRY_POLICY, attempts: 1 }, breaker: true },
});

export type ResponseType = 'json' | 'text' | 'response' | 'none';

export interface RequestOptions {
  service?: ServiceName;
  method?: string;
  headers?: Record<string, string>;
  /** Plain values are sent as JSON; strings, FormData, Blob, URLSearchParams as they are. */
  body?: unknown;
  /** Sets `Authorization: Bearer <token>`. */
  bearer?: string;
  signal?: AbortSignal;
  /** Overrides the service's per-attempt time limit. */
  timeoutMs?: number;
  /** Overrides the service's total attempts (1 = no retry). */
  attempts?: number;
  /** How to read a 2xx answer (default json; an empty body gives undefined). */
  responseType?: ResponseType;
  /** Passed to fetch: lets a report leave while the page unloads. */
  keepalive?: boolean;
}

/** What happened to one attempt; the network status listens to these. */
export interface RequestOutcome {
  service: ServiceName;
  url: string;
  ok: boolean;
  /** True when the server never answered (network error or time-out). */
  unreachable: boolean;
  status?: number;
  durationMs: number;
}

export interface RequesterDeps {
  fetch: typeof fetch;
  now: () => number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  policies: Readonly<Record<ServiceName, ServicePolicy>>;
}

/** Network failures, time-outs and 5xx answers count against a breaker; 4xx do not. */
export function countsAsFailure(error: unknown): boolean {
  if (error instanceof NetworkError || error instanceof TimeoutError) return true;
  if (error instanceof HttpError)
    return error.status >= 500 || error.status === 408 || error.status === 429;
  return false;
}

function isBodyInit(body: unknown): body is BodyInit {
  return (
    typeof body === 'string' ||
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams) ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body)
  );
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function messageFromBody(body: unknown): string | undefined {
  if (typeof body === 'string' && body.length > 0 && body.length <= 300) return body;
  if (typeof body === 'object' && body !== null) {
    const b = body as {
      error?: unknown;
      message?: unknown;
      msg?: unknown;
      error_description?: unknown;
    };
    for (const value of [b.message, b.error_description, b.msg, b.error]) {
      if (typeof value === 'string' && value.length > 0) return value;
      if (
        typeof value === 'object' &&
        value !== null &&
        typeof (value as { message?: unknown }).message === 'string'
      ) {
        return (value as { message: string }).message;
      }
    }
  }
  return undefined;
}

export interface Requester {
  request<T = unknown>(url: string, options?: RequestOptions): Promise<T>;
  /** A fetch-compatible function (for supabase-js `global.fetch`) with time limit and breaker. */
  resilientFetch(service?: ServiceName): typeof fetch;
  breaker(service: ServiceName): CircuitBreaker;
  breakerStates(): Record<string, CircuitState>;
  onOutcome(listener: (outcome: RequestOutcome) => void): () => void;
}

export function createRequester(partial: Partial<RequesterDeps> = {}): Requester {
  const deps: RequesterDeps = {
    fetch: (...args) => globalThis.fetch(...args),
    now: () => Date.now(),
    sleep: defaultSleep,
    policies: SERVICE_POLICIES,
    ...partial,
  };
  const breakers = new Map<ServiceName, CircuitBreaker>();
  const listeners = new Set<(outcome: RequestOutcome) => void>();

  function breaker(service: ServiceName): CircuitBreaker {
    let b = breakers.get(service);
    if (!b) {
      b = new CircuitBreaker(service, { now: deps.now });
      breakers.set(service, b);
    }
    return b;
  }

  function emit(outcome: RequestOutcome): void {
    for (const listener of listeners) {
      try {
        listener(outcome);
      } catch {
        // a listener's failure must never break a request
      }
    }
  }

  /** One fetch with a time limit; maps failures to NetworkError / TimeoutError / AbortedError. */
  async function attemptFetch(
    service: ServiceName,
    url: string,
    init: RequestInit,
    timeoutMs: number,
    callerSignal?: AbortSignal,
  ): Promise<Response> {
    if (callerSignal?.aborted) throw new AbortedError();
    const controller = new AbortController();
    let timedOut = false;
    const timer = Number.isFinite(timeoutMs)
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeoutMs)
      : undefined;
    const onCallerAbort = () => controller.abort();
    callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
    const started = deps.now();
    try {
      const response = await deps.fetch(url, { ...init, signal: controller.signal });
      emit({
        service,
        url,
        ok: response.ok,
        unreachable: false,
        status: response.status,
        durationMs: deps.now() - started,
      });
      return response;
    } catch (error) {
      if (timedOut) {
        emit({ service, url, ok: false, unreachable: true, durationMs: deps.now() - started });
        throw new TimeoutError(timeoutMs);
      }
      if (callerSignal?.aborted) throw new AbortedError();
      emit({ service, url, ok: false, unreachable: true, durationMs: deps.now() - started });
      throw new NetworkError(
        error instanceof Error && error.message ? error.message : 'Network request failed',
        error,
      );
    } finally {
      if (timer !== undefined) clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
    }
  }

  async function request<T = unknown>(url: string, options: RequestOptions = {}): Promise<T> {
    const service = options.service ?? 'api';
    const policy = deps.policies[service];
    const retryPolicy: RetryPolicy = options.attempts
      ? { ...policy.retry, attempts: options.attempts }
      : policy.retry;
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    if (options.bearer) headers.Authorization = `Bearer ${options.bearer}`;
    let body: BodyInit | undefined;
    if (options.body !== undefined) {
      if (isBodyInit(options.body)) body = options.body;
      else {
        body = JSON.stringify(options.body);
        if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type'))
          headers['Content-Type'] = 'application/json';
      }
    }
    const init: RequestInit = {
      method: options.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      keepalive: options.keepalive,
    };
    const startedAt = deps.now();
    const b = policy.breaker ? breaker(service) : undefined;

    return retry<T>(
      async () => {
        b?.assertCanRequest();
        const remaining = retryPolicy.totalTimeoutMs - (deps.now() - startedAt);
        const timeoutMs = Math.min(options.timeoutMs ?? policy.timeoutMs ?? remaining, remaining);
        if (timeoutMs <= 0) throw new TimeoutError(retryPolicy.totalTimeoutMs);
        try {
          const response = await attemptFetch(service, url, init, timeoutMs, options.signal);
          if (!response.ok) {
            const errorBody = await readBody(response).catch(() => undefined);
            throw new HttpError(
              response.status,
              messageFromBody(errorBody) ?? (response.statusText || undefined),
              { url, body: errorBody },
            );
          }
          b?.recordSuccess();
          switch (options.responseType ?? 'json') {
            case 'response':
              return response as T;
            case 'none':
              return undefined as T;
            case 'text':
              return (await response.text()) as T;
            default:
              return (await readBody(response)) as T;
          }
        } catch (error) {
          if (b && countsAsFailure(error)) b.recordFailure();
          else if (b && error instanceof HttpError) b.recordSuccess(); // the service answered
          throw error;
        }
      },
      {
        policy: retryPolicy,
        signal: options.signal,
        shouldRetry: (error) => isRetryable(error) && !(error instanceof AbortedError),
        deps: { now: deps.now, sleep: deps.sleep },
      },
    );
  }

  function resilientFetch(service: ServiceName = 'api'): typeof fetch {
    return async (input, init) => {
      const policy = deps.policies[service];
      const method = (
        init?.method ?? (input instanceof Request ? input.method : 'GET')
      ).toUpperCase();
      const idempotent = method === 'GET' || method === 'HEAD';
      const b = policy.breaker ? breaker(service) : undefined;
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const startedAt = deps.now();
      const attempts = idempotent ? policy.retry.attempts : 1;
      return retry<Response>(
        async (attempt) => {
          b?.assertCanRequest();
          const remaining = policy.retry.totalTimeoutMs - (deps.now() - startedAt);
          const timeoutMs = Math.min(policy.timeoutMs ?? remaining, remaining);
          try {
            const response = await attemptFetch(
              service,
              url,
              { ...init, method },
              timeoutMs,
              init?.signal ?? undefined,
            );
            if (response.status >= 500) {
              b?.recordFailure();
              // retry a 5xx while attempts remain; the last answer goes back as it is
              if (attempt < attempts)
                throw new HttpError(response.status, response.statusText, { url });
            } else b?.recordSuccess();
            return response;
          } catch (error) {
            if (b && (error instanceof NetworkError || error instanceof TimeoutError))
              b.recordFailure();
            throw error;
          }
        },
        {
          policy: { ...policy.retry, attempts },
          signal: init?.signal ?? undefined,
          shouldRetry: (error) => idempotent && isRetryable(error),
          deps: { now: deps.now, sleep: deps.sleep },
        },
      );
    };
  }

  return {
    request,
    resilientFetch,
    breaker,
    breakerStates: () => Object.fromEntries([...breakers].map(([name, b]) => [name, b.state])),
    onOutcome(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's requester. */
export const requester = createRequester();

/** Makes a remote call through the app's requester (see RequestOptions). */
export function request<T = unknown>(url: string, options?: RequestOptions): Promise<T> {
  return requester.request<T>(url, options);
}

/** A fetch-compatible function for libraries (supabase-js `global: { fetch }`). */
export function resilientFetch(service: ServiceName = 'api'): typeof fetch {
  return requester.resilientFetch(service);
}
