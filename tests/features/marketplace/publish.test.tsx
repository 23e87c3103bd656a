// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CreatorOverview, MarketplacePublishInput } from '../../../src/contracts/marketplace';
import { published } from '../../domain/marketplace/fixtures';

const mine = vi.fn<() => Promise<CreatorOverview>>();
const publish = vi.fn<(input: MarketplacePublishInput) => Promise<unknown>>();
let user: { id: string } | null = { id: 'u1' };
vi.mock('../../../src/app/auth/authStore', () => ({
  useAuth: () => ({ user }),
  reloadRole: vi.fn(),
}));
vi.mock('../../../src/backend/api/marketplaceApi', () => ({
  marketplaceApi: { mine: () => mine(), publish: (i: MarketplacePublishInput) => publish(i) },
  marketplaceKeys: { all: ['market'] },
}));
const { PublishPatternButton } = await import('../../../src/features/marketplace/PublishPatternButton');
const { readMyPublications } = await import('../../../src/features/marketplace/useMyPublications');
const { useMyPublications } = await import('../../../src/features/marketplace-on-demand');

const LIBRARY = [
  { id: 'lib-live', name: 'Tide' },
  { id: 'lib-off', name: 'Ebb' },
  { id: 'lib-new', name: 'Swell' },
].map((p) => ({ ...p, description: '', inhale: 4, hold: 0, exhale: 6, hold_after_exhale: 0, category: 'stress' as const, difficulty: 'Beginner' as const, benefits: [] }));

/** The /create list's use: one hook for the list, a button per pattern. */
function MyPatterns() {
  const { publications, refresh } = useMyPublications(user?.id ?? null, readMyPublications);
  return (
    <ul>
      {LIBRARY.map((p) => (
        <li key={p.id} data-testid={p.id}>
          <PublishPatternButton pattern={p} publication={publications.get(p.id)} onPublished={refresh} />
        </li>
      ))}
    </ul>
  );
}

beforeEach(() => {
  user = { id: 'u1' };
  mine.mockReset();
  publish.mockReset();
  mine.mockResolvedValue({
    role: 'creator',
    patterns: [
      published({ id: 'm1', name: 'Tide', mine: true, sourcePatternId: 'lib-live' }),
      published({ id: 'm2', name: 'Ebb', mine: true, unpublished: true, sourcePatternId: 'lib-off' }),
    ],
  });
});
afterEach(cleanup);

describe('publishing from your library', () => {
  it('a live pattern says Published and offers to update its listing; others offer to publish', async () => {
    render(<MyPatterns />);
    expect(await screen.findByRole('button', { name: 'Update marketplace listing: Tide' })).toBeTruthy();
    expect(screen.getByTestId('lib-live').textContent).toContain('Published');
    expect(screen.getByRole('button', { name: 'Publish to marketplace: Ebb' })).toBeTruthy();
    expect(screen.getByTestId('lib-off').textContent).not.toContain('Published');
    expect(screen.getByRole('button', { name: 'Publish to marketplace: Swell' })).toBeTruthy();
  });

  it('after publishing, the list is read again and the pattern shows as published', async () => {
    render(<MyPatterns />);
    await screen.findByRole('button', { name: 'Update marketplace listing: Tide' });
    publish.mockResolvedValue({ pattern: published({ id: 'm3', name: 'Swell', mine: true, sourcePatternId: 'lib-new' }), role: 'creator' });
    mine.mockResolvedValue({
      role: 'creator',
      patterns: [published({ id: 'm3', name: 'Swell', mine: true, sourcePatternId: 'lib-new' })],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Publish to marketplace: Swell' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('button', { name: 'Update marketplace listing: Swell' })).toBeTruthy();
    expect(publish).toHaveBeenCalledWith(expect.objectContaining({ sourcePatternId: 'lib-new', name: 'Swell' }));
    expect(mine).toHaveBeenCalledTimes(2);
  });

  it('when the server cannot be reached nothing is claimed; a guest is offered nothing and nothing is asked', async () => {
    mine.mockRejectedValue(new Error('offline'));
    render(<MyPatterns />);
    await waitFor(() => expect(mine).toHaveBeenCalled());
    expect(screen.getByRole('button', { name: 'Publish to marketplace: Tide' })).toBeTruthy();
    cleanup();
    mine.mockReset();
    user = null;
    render(<MyPatterns />);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(mine).not.toHaveBeenCalled();
  });
});
