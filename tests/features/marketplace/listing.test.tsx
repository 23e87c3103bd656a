// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError, NetworkError } from '../../../src/domain/errors/appErrors';
import { DEFAULT_MARKETPLACE_QUERY, type MarketplacePage } from '../../../src/contracts/marketplace';
import { readListing, saveListing } from '../../../src/features/marketplace/listingCache';
import { useMarketplaceListing } from '../../../src/features/marketplace/useMarketplaceListing';
import { published } from '../../domain/marketplace/fixtures';

const list = vi.fn<(...a: unknown[]) => Promise<MarketplacePage>>();
vi.mock('../../../src/backend/api/marketplaceApi', () => ({
  marketplaceApi: { list: (...a: unknown[]) => list(...a) },
  marketplaceKeys: { list: (q: unknown, u: unknown) => ['market', 'list', u, q] },
}));

const page = (names: string[]): MarketplacePage => ({
  items: names.map((name, i) => published({ id: `id-${i}`, name })),
  total: names.length,
  page: 1,
  pageSize: 12,
});

function Probe({ userId = null as string | null }) {
  const s = useMarketplaceListing(DEFAULT_MARKETPLACE_QUERY, userId);
  return (
    <p data-testid="state">
      {s.kind}
      {'page' in s ? `:${s.page.items.map((p) => p.name).join(',')}` : ''}
      {s.kind === 'offline' ? `@${s.savedAt}` : ''}
      {s.kind === 'error' ? `:${s.message}` : ''}
    </p>
  );
}

function show(userId: string | null = null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Probe userId={userId} />
    </QueryClientProvider>,
  );
  return () => screen.getByTestId('state').textContent;
}

const key = JSON.stringify({});

beforeEach(() => {
  localStorage.clear();
  list.mockReset();
});
afterEach(cleanup);

describe('the catalogue page and its offline copy', () => {
  it('shows the server page and saves it as anyone sees it (no rating or badge of this viewer)', async () => {
    const mine = page(['Tide']);
    mine.items[0] = { ...mine.items[0]!, yourRating: 4, mine: true };
    list.mockResolvedValue(mine);
    const state = show('u1');
    await waitFor(() => expect(state()).toBe('ready:Tide'));
    await waitFor(() => expect(readListing(key)?.page.items[0]).toMatchObject({ name: 'Tide', yourRating: null, mine: false }));
  });

  it('unreachable: the page saved last for the same query, labelled with when it was saved', async () => {
    saveListing(key, page(['Saved']), new Date('2026-11-20T10:00:00Z'));
    list.mockRejectedValue(new NetworkError());
    const state = show();
    await waitFor(() => expect(state()).toBe('offline:Saved@2026-11-20T10:00:00.000Z'));
  });

  it('unreachable with nothing saved: says so instead of an empty catalogue', async () => {
    saveListing(JSON.stringify({ q: 'other query' }), page(['Other']));
    list.mockRejectedValue(new NetworkError());
    const state = show();
    await waitFor(() => expect(state()).toBe('offline-empty'));
  });

  it('a refusal is an error with the server’s message, never hidden behind a saved page', async () => {
    saveListing(key, page(['Saved']));
    list.mockRejectedValue(new HttpError(400, 'sort: sort must be rating, usage or newest'));
    const state = show();
    await waitFor(() => expect(state()).toBe('error:sort: sort must be rating, usage or newest'));
  });

  it('keeps at most ten saved queries, the newest first', () => {
    for (let i = 0; i < 12; i++) saveListing(`k${i}`, page([`P${i}`]));
    expect(readListing('k11')).toBeDefined();
    expect(readListing('k2')).toBeDefined();
    expect(readListing('k1')).toBeUndefined();
    expect(readListing('k0')).toBeUndefined();
  });

  it('a broken store reads as nothing saved', () => {
    localStorage.setItem('pneuma.market.listings', '{not json');
    expect(readListing('k')).toBeUndefined();
    saveListing('k', page(['Fresh']));
    expect(readListing('k')?.page.total).toBe(1);
  });
});
