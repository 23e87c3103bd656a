import { QueryClient, QueryClientProvider, type QueryClientConfig } from '@tanstack/react-query';
import { createElement, type ReactNode } from 'react';
import { isClientHttpError } from '../domain/errors/appErrors';
import { backoffDelay } from '../domain/retry';

/**
 * Server-state caching (docs/product.md § Backend): fresh 5 minutes, kept 10 minutes; up to 3 retries
 * (none on 4xx) with back-off from 1 s doubling to 30 s; mutations retry once after 1 s;
 * no refetch on window focus.
 */

export const QUERY_SETTINGS = Object.freeze({
  staleTimeMs: 5 * 60_000,
  gcTimeMs: 10 * 60_000,
  queryRetries: 3,
  retryBaseMs: 1_000,
  retryCapMs: 30_000,
  mutationRetries: 1,
  mutationRetryDelayMs: 1_000,
});

/** Whether a failed query should run again (failureCount = failures so far). */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (isClientHttpError(error)) return false;
  return failureCount < QUERY_SETTINGS.queryRetries;
}

/** Wait before the next query attempt: 1 s, 2 s, 4 s ... capped at 30 s. */
export function queryRetryDelay(failureCount: number): number {
  return backoffDelay(
    { baseDelayMs: QUERY_SETTINGS.retryBaseMs, factor: 2, maxDelayMs: QUERY_SETTINGS.retryCapMs },
    failureCount,
  );
}

export function shouldRetryMutation(failureCount: number, error: unknown): boolean {
  if (isClientHttpError(error)) return false;
  return failureCount < QUERY_SETTINGS.mutationRetries;
}

export const queryClientConfig: QueryClientConfig = {
  defaultOptions: {
    queries: {
      staleTime: QUERY_SETTINGS.staleTimeMs,
      gcTime: QUERY_SETTINGS.gcTimeMs,
      retry: shouldRetryQuery,
      // TanStack passes the number of failures so far (0 before the first retry).
      retryDelay: (failureCount) => queryRetryDelay(failureCount),
      refetchOnWindowFocus: false,
    },
    mutations: {
      retry: shouldRetryMutation,
      retryDelay: QUERY_SETTINGS.mutationRetryDelayMs,
    },
  },
};

export function createQueryClient(): QueryClient {
  return new QueryClient(queryClientConfig);
}

/** The app's one query client: one cache for every screen. */
export const queryClient = createQueryClient();

/**
 * Wrap a (lazily loaded) screen that uses queries: `<QueryProvider>...</QueryProvider>`.
 * Every such provider shares the one client above, so the cache is common to all screens,
 * and the query library stays out of the first page load.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  return createElement(QueryClientProvider, { client: queryClient }, children);
}
