import { GENERIC_RETRY_POLICY, type RetryPolicy } from '../../domain/retry';

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
 * Per-service limits (docs/product.md § Backend): AI 30 s per attempt with 3 retries,
 * vision 10 s with 2, social 15 s with 3. Everything else uses the generic policy
 * (3 attempts, 1 s base, x2, 30 s cap, 60 s total). Health checks get one 3 s attempt and
 * bypass the breaker, so they can see a recovery.
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
