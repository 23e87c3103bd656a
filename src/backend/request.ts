import { sleep as defaultSleep } from '../domain/retry';
import { requestWith } from './requester/call';
import { RequesterCore } from './requester/core';
import { SERVICE_POLICIES, type ServiceName } from './requester/policies';
import { resilientFetchWith } from './requester/resilientFetch';
import type { RequestOptions, Requester, RequesterDeps } from './requester/types';

/**
 * The one request helper every remote call goes through: per-service time limits and
 * retries, the generic retry policy, and one circuit breaker per service
 * (docs/product.md § Backend). The parts live in ./requester.
 */

export { SERVICE_POLICIES, type ServiceName, type ServicePolicy } from './requester/policies';
export type {
  RequestOptions,
  RequestOutcome,
  Requester,
  RequesterDeps,
  ResponseType,
} from './requester/types';

export function createRequester(partial: Partial<RequesterDeps> = {}): Requester {
  const core = new RequesterCore({
    fetch: (...args) => globalThis.fetch(...args),
    now: () => Date.now(),
    sleep: defaultSleep,
    policies: SERVICE_POLICIES,
    ...partial,
  });
  return {
    request: (url, options) => requestWith(core, url, options),
    resilientFetch: (service = 'api') => resilientFetchWith(core, service),
    breaker: (service) => core.breaker(service),
    breakerStates: () => core.breakerStates(),
    onOutcome: (listener) => core.onOutcome(listener),
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
