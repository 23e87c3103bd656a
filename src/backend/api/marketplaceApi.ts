import { apiCall } from './apiCall';
import {
  marketplaceQueryParams,
  type CreatorOverview,
  type MarketplacePage,
  type MarketplacePattern,
  type MarketplacePublishInput,
  type MarketplaceQuery,
  type MarketplaceUseKind,
} from '../../contracts/marketplace';
import type { PublishBody, RatingBody, UseBody } from '../../contracts/marketplaceSchemas';

/**
 * The marketplace API (server/marketplace), through the app's /api helper: guests read with the
 * public key alone (supabase-js is not loaded for them); a signed-in user's calls carry
 * their access token. A 4xx answer is thrown as HttpError with the server's message.
 */
const call = <T>(path: string, opts: { signedIn: boolean; method?: string; body?: unknown }) =>
  apiCall<T>(`/market${path}`, opts);

const signedIn = { signedIn: true } as const;

export const marketplaceApi = {
  list: (q: MarketplaceQuery, asUser: boolean) => {
    const qs = new URLSearchParams(marketplaceQueryParams(q)).toString();
    return call<MarketplacePage>(`/patterns${qs ? `?${qs}` : ''}`, { signedIn: asUser });
  },
  publish: (input: MarketplacePublishInput) =>
    call<{ pattern: MarketplacePattern; role: CreatorOverview['role'] }>('/patterns', { ...signedIn, method: 'POST', body: input satisfies PublishBody }),
  unpublish: (id: string) => call<void>(`/patterns/${id}`, { ...signedIn, method: 'DELETE' }),
  rate: (id: string, rating: number) =>
    call<{ pattern: MarketplacePattern }>(`/patterns/${id}/rating`, { ...signedIn, method: 'PUT', body: { rating } satisfies RatingBody }),
  recordUse: (id: string, kind: MarketplaceUseKind, copyId?: string) =>
    call<{ counted: boolean; pattern: MarketplacePattern }>(`/patterns/${id}/uses`, {
      ...signedIn,
      method: 'POST',
      body: (kind === 'add' ? { kind, copyId: copyId ?? '' } : { kind }) satisfies UseBody,
    }),
  mine: () => call<CreatorOverview>('/mine', signedIn),
};

/** Query keys of the marketplace's server state. */
export const marketplaceKeys = {
  all: ['market'] as const,
  list: (q: MarketplaceQuery, userId: string | null) => ['market', 'list', userId, marketplaceQueryParams(q)] as const,
  mine: (userId: string) => ['market', 'mine', userId] as const,
};
