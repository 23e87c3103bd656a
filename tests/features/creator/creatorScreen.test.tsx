// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../src/domain/errors/appErrors';
import type { CreatorOverview } from '../../../src/contracts/marketplace';
import { published } from '../../domain/marketplace/fixtures';

const mine = vi.fn<() => Promise<CreatorOverview>>();
const mintsFor = vi.fn();
const unpublish = vi.fn(async () => true);
vi.mock('@tanstack/react-router', () => ({
  Link: ({ to, children, 'aria-label': label }: { to: string; children: React.ReactNode; 'aria-label'?: string }) => (
    <a href={to} aria-label={label}>
      {children}
    </a>
  ),
}));
vi.mock('../../../src/features/marketplace', async () => ({
  // The figures and their wording are the real ones.
  ...(await import('../../../src/features/marketplace/creatorFigures')),
  ...(await import('../../../src/features/marketplace/format')),
  marketplaceApi: { mine: () => mine() },
  marketplaceKeys: { mine: (u: string) => ['market', 'mine', u] },
  failureReason: (e: unknown) => (e instanceof HttpError ? e.message : 'unreachable'),
  useMarketplaceActions: () => ({ unpublish }),
  UnpublishButton: ({ name, onUnpublish }: { name: string; onUnpublish: () => void }) => (
    <button type="button" onClick={onUnpublish}>
      {`Unpublish ${name}`}
    </button>
  ),
}));
vi.mock('../../../src/features/tokens', () => ({
  CreatorMints: ({ patterns }: { patterns: { id: string; name: string }[] }) => {
    mintsFor(patterns);
    return <p>mint section</p>;
  },
}));
const { queryClient } = await import('../../../src/backend/queryClient');
const { CreatorScreen } = await import('../../../src/features/creator/CreatorScreen');

beforeEach(() => {
  queryClient.clear();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  mine.mockReset();
  mintsFor.mockReset();
});
afterEach(cleanup);

describe('the Creator Hub', () => {
  it('someone who has not published is told how to become a creator', async () => {
    mine.mockResolvedValue({ role: 'user', patterns: [] });
    render(<CreatorScreen userId="u1" />);
    expect(await screen.findByText(/opens with your first published pattern\. Publishing also makes you a creator\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Publish your first pattern' }).getAttribute('href')).toBe('/create');
    expect(mintsFor).not.toHaveBeenCalled();
  });

  it('an instructor who has not published is not promised the creator role (publishing keeps their role)', async () => {
    mine.mockResolvedValue({ role: 'instructor', patterns: [] });
    render(<CreatorScreen userId="u1" />);
    const text = await screen.findByText(/opens with your first published pattern\./);
    expect(text.textContent).not.toContain('creator.');
    expect(screen.getByRole('link', { name: 'Publish your first pattern' })).toBeTruthy();
  });

  it('a creator sees each pattern with its real use and ratings, totals, and the mint section for live ones', async () => {
    mine.mockResolvedValue({
      role: 'creator',
      patterns: [
        published({ id: 'p1', name: 'Tide', mine: true, usage: { users: 2, sessions: 5 }, rating: { average: 4, count: 2 } }),
        published({ id: 'p2', name: 'Ebb', mine: true, unpublished: true, usage: { users: 1, sessions: 1 } }),
      ],
    });
    render(<CreatorScreen userId="u1" />);
    const tide = await screen.findByRole('article', { name: /Tide/ });
    expect(tide.textContent).toContain('Published');
    expect(tide.textContent).toContain('2 people · 5 sessions');
    expect(tide.textContent).toContain('4.0 of 5 (2 ratings)');
    expect(screen.getByRole('article', { name: /Ebb/ }).textContent).toContain('Unpublished');
    const stat = (label: string) => within(screen.getByText(label).parentElement!).getByRole('definition').textContent;
    expect(stat('Published patterns')).toBe('1');
    expect(stat('Sessions with your patterns')).toBe('6');
    expect(stat('Ratings received')).toBe('2');
    expect(mintsFor).toHaveBeenLastCalledWith([{ id: 'p1', name: 'Tide' }]);
    // A live pattern links to its listing and can be unpublished; an unpublished one says how to relist it.
    expect(within(tide).getByRole('link', { name: 'See in marketplace: Tide' })).toBeTruthy();
    fireEvent.click(within(tide).getByRole('button', { name: 'Unpublish Tide' }));
    expect(unpublish).toHaveBeenCalledWith(expect.objectContaining({ id: 'p1' }));
    expect(screen.getByRole('article', { name: /Ebb/ }).textContent).toContain('To list it again, publish it from the Create page.');
  });

  it('a failure says why and offers Retry', async () => {
    mine.mockRejectedValueOnce(new HttpError(503, 'Service unavailable'));
    render(<CreatorScreen userId="u1" />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your Creator Hub could not be loaded: Service unavailable');
    mine.mockResolvedValue({ role: 'creator', patterns: [] });
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Your patterns' })).toBeTruthy();
  });
});
