import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNetworkStatus } from '../../app/network/useNetworkStatus';
import { HttpError } from '../../domain/errors/appErrors';
import { marketplaceQueryParams, type MarketplacePage, type MarketplaceQuery } from '../../contracts/marketplace';
import { publicView } from './format';
import { readListing, saveListing, type CachedListing } from './listingCache';
import { marketplaceApi, marketplaceKeys } from '../../backend/api/marketplaceApi';

export type ListingState =
  | { kind: 'loading' }
  | { kind: 'ready'; page: MarketplacePage }
  | { kind: 'offline'; page: MarketplacePage; savedAt: string }
  | { kind: 'offline-empty' }
  | { kind: 'error'; message: string; retry: () => void };

/**
 * One catalogue page: from the server, saved on this device each time (without the viewer's
 * own rating or badges); when the server cannot be reached (offline, or a failed attempt),
 * the page saved last for the same query.
 * A refusal (4xx) is an error, never hidden behind old data.
 */
export function useMarketplaceListing(q: MarketplaceQuery, userId: string | null): ListingState {
  const key = JSON.stringify(marketplaceQueryParams(q));
  const network = useNetworkStatus();
  const query = useQuery({ queryKey: marketplaceKeys.list(q, userId), queryFn: () => marketplaceApi.list(q, userId !== null) });
  const [cached, setCached] = useState<CachedListing | undefined | null>(null);

  useEffect(() => {
    // Saved as anyone sees it: nothing of this person stays on the device after sign-out.
    if (query.data) saveListing(key, publicView(query.data));
  }, [key, query.data]);

  const unreachable =
    network.status === 'offline' ||
    query.fetchStatus === 'paused' ||
    (query.failureCount > 0 && !(query.failureReason instanceof HttpError));
  useEffect(() => {
    setCached(unreachable ? readListing(key) : null);
  }, [key, unreachable]);

  if (unreachable) {
    if (query.data) return { kind: 'offline', page: query.data, savedAt: new Date(query.dataUpdatedAt).toISOString() };
    if (cached === null) return { kind: 'loading' }; // reading the saved page
    return cached ? { kind: 'offline', page: cached.page, savedAt: cached.savedAt } : { kind: 'offline-empty' };
  }
  if (query.data) return { kind: 'ready', page: query.data };
  if (query.isError) {
    return {
      kind: 'error',
      message: query.error instanceof HttpError ? query.error.message : 'The marketplace could not be loaded.',
      retry: () => void query.refetch(),
    };
  }
  return { kind: 'loading' };
}
