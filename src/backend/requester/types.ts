import type { CircuitBreaker, CircuitState } from '../../domain/circuitBreaker';
import type { ServiceName, ServicePolicy } from './policies';

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
  /** Passed to fetch (e.g. 'no-store' for a clock reading). */
  cache?: RequestCache;
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

export interface Requester {
  request<T = unknown>(url: string, options?: RequestOptions): Promise<T>;
  /** A fetch-compatible function (for supabase-js `global.fetch`) with time limit and breaker. */
  resilientFetch(service?: ServiceName): typeof fetch;
  breaker(service: ServiceName): CircuitBreaker;
  breakerStates(): Record<string, CircuitState>;
  onOutcome(listener: (outcome: RequestOutcome) => void): () => void;
}
