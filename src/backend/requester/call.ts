import { AbortedError, HttpError, TimeoutError } from '../../domain/errors/appErrors';
import { isRetryable, retry, type RetryPolicy } from '../../domain/retry';
import { attemptFetch } from './attempt';
import { messageFromBody } from '../../domain/errors/statusLadder';
import { isBodyInit, readBody } from './body';
import { countsAsFailure, type RequesterCore } from './core';
import type { RequestOptions, ResponseType } from './types';

/** The fetch init of a call: JSON for plain values, Accept JSON, the bearer token. */
function buildInit(options: RequestOptions): RequestInit {
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
  return {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
    keepalive: options.keepalive,
    ...(options.cache ? { cache: options.cache } : {}),
  };
}

async function readAs<T>(response: Response, type: ResponseType): Promise<T> {
  switch (type) {
    case 'response':
      return response as T;
    case 'none':
      return undefined as T;
    case 'text':
      return (await response.text()) as T;
    default:
      return (await readBody(response)) as T;
  }
}

/**
 * A call through the service's policy: each attempt within the time left, a non-2xx
 * answer thrown as HttpError with the server's message, retries of retryable failures,
 * and the breaker fed with failures (a 4xx counts as the service answering).
 */
export function requestWith<T>(
  core: RequesterCore,
  url: string,
  options: RequestOptions = {},
): Promise<T> {
  const { deps } = core;
  const service = options.service ?? 'api';
  const policy = deps.policies[service];
  const retryPolicy: RetryPolicy = options.attempts
    ? { ...policy.retry, attempts: options.attempts }
    : policy.retry;
  const init = buildInit(options);
  const startedAt = deps.now();
  const b = core.breakerFor(service);

  return retry<T>(
    async () => {
      b?.assertCanRequest();
      const remaining = retryPolicy.totalTimeoutMs - (deps.now() - startedAt);
      const timeoutMs = Math.min(options.timeoutMs ?? policy.timeoutMs ?? remaining, remaining);
      if (timeoutMs <= 0) throw new TimeoutError(retryPolicy.totalTimeoutMs);
      try {
        const response = await attemptFetch(core, service, url, init, timeoutMs, options.signal);
        if (!response.ok) {
          const errorBody = await readBody(response).catch(() => undefined);
          throw new HttpError(
            response.status,
            messageFromBody(errorBody) ?? (response.statusText || undefined),
            { url, body: errorBody },
          );
        }
        b?.recordSuccess();
        return await readAs<T>(response, options.responseType ?? 'json');
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
