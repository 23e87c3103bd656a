import { HttpError, NetworkError, TimeoutError } from '../../domain/errors/appErrors';
import { isRetryable, retry } from '../../domain/retry';
import { isTransientStatus } from '../../domain/errors/statusLadder';
import { attemptFetch } from './attempt';
import type { RequesterCore } from './core';
import type { ServiceName } from './policies';

function urlOf(input: RequestInfo | URL): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

/**
 * A fetch-compatible function for libraries (supabase-js): the service's time limit and
 * breaker on every call; GET and HEAD are retried on network errors, time-outs and 5xx,
 * other methods are sent once. Answers, 5xx included, go back as they are.
 */
export function resilientFetchWith(core: RequesterCore, service: ServiceName): typeof fetch {
  return async (input, init) => {
    const { deps } = core;
    const policy = deps.policies[service];
    const method = (
      init?.method ?? (input instanceof Request ? input.method : 'GET')
    ).toUpperCase();
    const idempotent = method === 'GET' || method === 'HEAD';
    const b = core.breakerFor(service);
    const url = urlOf(input);
    const startedAt = deps.now();
    const attempts = idempotent ? policy.retry.attempts : 1;
    const signal = init?.signal ?? undefined;
    return retry<Response>(
      async (attempt) => {
        b?.assertCanRequest();
        const remaining = policy.retry.totalTimeoutMs - (deps.now() - startedAt);
        const timeoutMs = Math.min(policy.timeoutMs ?? remaining, remaining);
        try {
          const response = await attemptFetch(
            core,
            service,
            url,
            { ...init, method },
            timeoutMs,
            signal,
          );
          // The breaker counts what the status ladder calls transient (408, 429, 5xx);
          // a 5xx is retried while attempts remain, the last answer goes back as it is.
          if (isTransientStatus(response.status)) b?.recordFailure();
          else b?.recordSuccess();
          if (response.status >= 500 && attempt < attempts)
            throw new HttpError(response.status, response.statusText, { url });
          return response;
        } catch (error) {
          if (b && (error instanceof NetworkError || error instanceof TimeoutError))
            b.recordFailure();
          throw error;
        }
      },
      {
        policy: { ...policy.retry, attempts },
        signal,
        shouldRetry: (error) => idempotent && isRetryable(error),
        deps: { now: deps.now, sleep: deps.sleep },
      },
    );
  };
}
