import { apiCall } from './apiCall';
import {
  MARKETPLACE_API,
  marketplaceQueryParams,
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
const signedIn = { signedIn: true } as const;

export const marketplaceApi = {
  list: (q: MarketplaceQuery, asUser: boolean) =>
    apiCall(MARKETPLACE_API.patterns, { signedIn: asUser, query: marketplaceQueryParams(q) }),
  publish: (input: MarketplacePublishInput) =>
    apiCall(MARKETPLACE_API.publishPattern, { ...signedIn, body: input satisfies PublishBody }),
  unpublish: (id: string) =>
    apiCall(MARKETPLACE_API.unpublishPattern, { ...signedIn, params: { id } }),
  rate: (id: string, rating: number) =>
    apiCall(MARKETPLACE_API.rate, {
      ...signedIn,
      params: { id },
      body: { rating } satisfies RatingBody,
    }),
  recordUse: (id: string, kind: MarketplaceUseKind, copyId?: string) =>
    apiCall(MARKETPLACE_API.recordUse, {
      ...signedIn,
      params: { id },
      body: (kind === 'add' ? { kind, copyId: copyId ?? '' } : { kind }) satisfies UseBody,
    }),
  mine: () => apiCall(MARKETPLACE_API.mine, signedIn),
};

/** Query keys of the marketplace's server state. */
export const marketplaceKeys = {
  all: ['market'] as const,
  list: (q: MarketplaceQuery, userId: string | null) =>
    ['market', 'list', userId, marketplaceQueryParams(q)] as const,
  mine: (userId: string) => ['market', 'mine', userId] as const,
};
