import type { ErrorCategory } from './types';

/**
 * The one status ladder of the app's calls to its own backend (/api, /rest/v1, /auth/v1), for
 * the page, the service worker and sync alike: how a non-2xx answer is acted on.
 * - 401: unauthorized (the token is refreshed, then the call is sent again);
 * - 404: not_found (the endpoint or table is missing on this backend);
 * - 408, 429, 5xx: transient (retried with back-off; counts against a circuit breaker);
 * - any other 4xx: rejected (the server refuses; never retried automatically).
 * The error catalogue's category (what the person is told) is read from the same ladder.
 */
export type FailureClass = 'unauthorized' | 'not_found' | 'transient' | 'rejected';

export function failureClass(status: number): FailureClass {
  if (status === 401) return 'unauthorized';
  if (status === 404) return 'not_found';
  if (status === 408 || status === 429 || status >= 500) return 'transient';
  return 'rejected';
}

/** Whether trying the same request again later may succeed (the transient rung). */
export function isTransientStatus(status: number): boolean {
  return failureClass(status) === 'transient';
}

/**
 * A 4xx: the request itself is wrong. The request helper and the query cache never retry one
 * (docs/product.md § Backend), 408 and 429 included; sync (`failureClass`) tries those again on
 * its next run.
 */
export function isClientStatus(status: number): boolean {
  return status >= 400 && status < 500;
}

/**
 * The error category of an answer's status: a transient one is the network's; a refused one
 * is the person's authentication (401), authorization (403) or input (400, 422); else none.
 */
export function categoryForStatus(status: number): ErrorCategory | undefined {
  if (isTransientStatus(status)) return 'network';
  if (status === 401) return 'authentication';
  if (status === 403) return 'authorization';
  if (status === 400 || status === 422) return 'validation';
  return undefined;
}

/**
 * The one error reader's core: the human message of an error body (`message`,
 * `error_description`, `msg`, `error`, or `error.message`), as PostgREST, GoTrue and the
 * app's /api write them; a short text body is its own message.
 */
export function messageFromBody(body: unknown): string | undefined {
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
