import { apiCall } from '../../backend/apiCall';
import {
  marketQueryParams,
  type CreatorOverview,
  type MarketPage,
  type MarketPattern,
  type MarketPublishInput,
  type MarketQuery,
  type MarketUseKind,
} from '../../domain/marketplace/contract';

/**
 * The marketplace API (server/marketplace), through the app's /api helper: guests read with the
 * public key alone (supabase-js is not loaded for them); a signed-in user's calls carry
 * their access token. A 4xx answer is thrown as HttpError with the server's message.
 */
const call = <T>(path: string, opts: { signedIn: boolean; method?: string; body?: unknown }) =>
  apiCall<T>(`/market${path}`, opts);

const signedIn = { signedIn: true } as const;

export const marketplaceApi = {
  list: (q: MarketQuery, asUser: boolean) => {
    const qs = new URLSearchParams(marketQueryParams(q)).toString();
    return call<MarketPage>(`/patterns${qs ? `?${qs}` : ''}`, { signedIn: asUser });
  },
  publish: (input: MarketPublishInput) =>
    call<{ pattern: MarketPattern; role: CreatorOverview['role'] }>('/patterns', { ...signedIn, method: 'POST', body: input }),
  unpublish: (id: string) => call<void>(`/patterns/${id}`, { ...signedIn, method: 'DELETE' }),
  rate: (id: string, rating: number) =>
    call<{ pattern: MarketPattern }>(`/patterns/${id}/rating`, { ...signedIn, method: 'PUT', body: { rating } }),
  recordUse: (id: string, kind: MarketUseKind, copyId?: string) =>
    call<{ counted: boolean; pattern: MarketPattern }>(`/patterns/${id}/uses`, {
      ...signedIn,
      method: 'POST',
      body: kind === 'add' ? { kind, copyId } : { kind },
    }),
  mine: () => call<CreatorOverview>('/mine', signedIn),
};

/** Query keys of the marketplace's server state. */
export const marketplaceKeys = {
  all: ['market'] as const,
  list: (q: MarketQuery, userId: string | null) => ['market', 'list', userId, marketQueryParams(q)] as const,
  mine: (userId: string) => ['market', 'mine', userId] as const,
};
