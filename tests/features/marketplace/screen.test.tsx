// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../src/domain/errors/appErrors';
import { DEFAULT_MARKETPLACE_QUERY, type MarketplacePage, type MarketplaceQuery } from '../../../src/contracts/marketplace';
import { published } from '../../domain/marketplace/fixtures';

const list = vi.fn<(q: MarketplaceQuery) => Promise<MarketplacePage>>();
vi.mock('@tanstack/react-router', () => ({
  Link: ({ to, children }: { to: string; children: React.ReactNode }) => <a href={to}>{children}</a>,
  useNavigate: () => vi.fn(),
}));
vi.mock('../../../src/backend/api/marketplaceApi', () => ({
  marketplaceApi: { list: (q: MarketplaceQuery) => list(q) },
  marketplaceKeys: { all: ['market'], list: (q: unknown, u: unknown) => ['market', 'list', u, q] },
}));
vi.mock('../../../src/features/tokens', () => ({ PatternTokenBadge: () => null }));
vi.mock('../../../src/features/instructor', () => ({ PublishedCourses: () => null }));
vi.mock('../../../src/features/marketplace/PublishedPrograms', () => ({ PublishedPrograms: () => null }));
const { queryClient } = await import('../../../src/backend/queryClient');
const { MarketplaceScreen } = await import('../../../src/features/marketplace/MarketplaceScreen');

const page = (n: number, total = n, at = 1): MarketplacePage => ({
  items: Array.from({ length: n }, (_, i) => published({ id: `p${i}`, name: `Pattern ${i}` })),
  total,
  page: at,
  pageSize: 12,
});

let onQueryChange: ReturnType<typeof vi.fn<(next: MarketplaceQuery) => void>>;
const show = (query: MarketplaceQuery = DEFAULT_MARKETPLACE_QUERY) =>
  render(<MarketplaceScreen query={query} onQueryChange={onQueryChange} />);

beforeEach(() => {
  queryClient.clear();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  localStorage.clear();
  list.mockReset();
  onQueryChange = vi.fn<(next: MarketplaceQuery) => void>();
});
afterEach(cleanup);

describe('the marketplace screen', () => {
  it('announces the count in a live region and lists the cards; pages move with Previous and Next', async () => {
    list.mockResolvedValue(page(12, 14));
    show();
    const status = await screen.findByText('14 patterns found');
    expect(status.getAttribute('role')).toBe('status');
    expect(within(screen.getByRole('list', { name: 'Published patterns' })).getAllByRole('article')).toHaveLength(12);
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    expect(pager.textContent).toContain('Page 1 of 2');
    expect((within(pager).getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(pager).getByRole('button', { name: 'Next page' }));
    expect(onQueryChange).toHaveBeenCalledWith({ ...DEFAULT_MARKETPLACE_QUERY, page: 2 });
  });

  it('empty: says nothing is published yet, or that nothing matches with Clear Filters', async () => {
    list.mockResolvedValue(page(0));
    show();
    const said = await screen.findAllByText('No patterns have been published yet.');
    expect(said).toHaveLength(2); // the live region (announced, not shown) and the empty state (shown)
    expect(screen.getByRole('status', { name: '' }).className).toBe('visually-hidden');
    expect(screen.getByRole('link', { name: 'Create a pattern to publish' })).toBeTruthy();
    cleanup();
    queryClient.clear();
    show({ ...DEFAULT_MARKETPLACE_QUERY, q: 'zzz', category: 'sleep', page: 1 });
    await screen.findAllByText('No published patterns match your search.');
    fireEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(onQueryChange).toHaveBeenCalledWith({ ...DEFAULT_MARKETPLACE_QUERY, q: '', category: 'all' });
  });

  it('a page past the end says so and offers the first page (not the nothing-published state)', async () => {
    list.mockResolvedValue(page(0, 14, 9));
    show({ ...DEFAULT_MARKETPLACE_QUERY, page: 9 });
    expect(await screen.findByText('Page 9 is past the end: the results fill 2 pages.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Create a pattern to publish' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Go to the first page' }));
    expect(onQueryChange).toHaveBeenCalledWith({ ...DEFAULT_MARKETPLACE_QUERY, page: 1 });
  });

  it('a refusal shows the server’s message with Retry', async () => {
    list.mockRejectedValueOnce(new HttpError(400, 'page: page can be at most 1000'));
    show();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('page: page can be at most 1000');
    expect(alert.classList.contains('error-card')).toBe(true); // the app's inline error card
    list.mockResolvedValue(page(1));
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('1 pattern found')).toBeTruthy();
  });
});
