// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MarketplacePattern } from '../../../src/contracts/marketplace';
import {
  MarketplaceCard,
  type MarketplaceCardActions,
} from '../../../src/features/marketplace/MarketplaceCard';
import { published } from '../../domain/marketplace/fixtures';

vi.mock('../../../src/features/tokens', () => ({ PatternTokenBadge: () => null }));

afterEach(cleanup);

function actions(): MarketplaceCardActions & { [k: string]: ReturnType<typeof vi.fn> } {
  return {
    tryPattern: vi.fn(),
    addToLibrary: vi.fn(async () => true),
    rate: vi.fn(async () => true),
    unpublish: vi.fn(async () => true),
  };
}

function card(
  p: MarketplacePattern,
  opts: { signedIn?: boolean; inLibrary?: boolean; offline?: boolean } = {},
) {
  const a = actions();
  render(
    <MarketplaceCard
      pattern={p}
      signedIn={opts.signedIn ?? true}
      inLibrary={opts.inLibrary ?? false}
      offline={opts.offline ?? false}
      actions={a}
    />,
  );
  return { a, el: screen.getByRole('article', { name: p.name }) };
}

describe('a marketplace card', () => {
  it('shows the pattern, its creator and its real figures', () => {
    const { el } = card(
      published({ rating: { average: 4.5, count: 2 }, usage: { users: 3, sessions: 7 } }),
    );
    const c = within(el);
    expect(c.getByRole('heading', { name: 'Harbour Tide' })).toBeTruthy();
    expect(el.textContent).toContain('by Ada');
    expect(el.textContent).toContain('Sleep');
    expect(el.textContent).toContain('Beginner');
    expect(el.textContent).toContain('5-0-7-1');
    expect(el.textContent).toContain('4.5 of 5 (2 ratings)');
    expect(el.textContent).toContain('3 people · 7 sessions');
  });

  it('Try, Add to library and rating call their actions; the arrow keys move the rating', () => {
    const p = published({ yourRating: 2 });
    const { a, el } = card(p);
    const c = within(el);
    fireEvent.click(c.getByRole('button', { name: 'Try Harbour Tide' }));
    expect(a.tryPattern).toHaveBeenCalledWith(p);
    fireEvent.click(c.getByRole('button', { name: 'Add to library: Harbour Tide' }));
    expect(a.addToLibrary).toHaveBeenCalledWith(p);
    const stars = c.getByRole('radiogroup', { name: 'Your rating of Harbour Tide' });
    const two = within(stars).getByRole('radio', { name: '2 stars' });
    expect(two.getAttribute('aria-checked')).toBe('true');
    expect(two.tabIndex).toBe(0);
    expect(within(stars).getByRole('radio', { name: '1 star' }).tabIndex).toBe(-1);
    fireEvent.keyDown(two, { key: 'ArrowRight' });
    expect(a.rate).toHaveBeenCalledWith(p, 3);
  });

  it('no rating for guests, for one’s own pattern or offline; a copy already in the library cannot be added again', () => {
    card(published({ id: 'g', name: 'Guest view' }), { signedIn: false });
    card(published({ id: 'o', name: 'Own', mine: true }));
    card(published({ id: 's', name: 'Saved copy' }), { offline: true });
    expect(screen.queryAllByRole('radiogroup')).toEqual([]);
    cleanup();
    const { el } = card(published(), { inLibrary: true });
    const added = within(el).getByRole('button', {
      name: 'In your library: Harbour Tide',
    }) as HTMLButtonElement;
    expect(added.disabled).toBe(true);
  });

  it('only the creator unpublishes, after confirming', async () => {
    const other = card(published({ name: 'Not mine' }));
    expect(within(other.el).queryByRole('button', { name: /Unpublish/ })).toBeNull();
    cleanup();
    const p = published({ mine: true });
    const { a, el } = card(p);
    expect(el.textContent).toContain('Yours');
    fireEvent.click(within(el).getByRole('button', { name: 'Unpublish Harbour Tide' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unpublish Harbour Tide?' });
    expect(a.unpublish).not.toHaveBeenCalled();
    // The focus is placed by timers after unpublishing; they run here, not after the test
    // file's document is gone (an unhandled error in CI otherwise).
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Unpublish' }));
      expect(a.unpublish).toHaveBeenCalledWith(p);
      await vi.runAllTimersAsync();
    } finally {
      vi.useRealTimers();
    }
  });

  it('after unpublishing, the focus goes to the main region when the card has left, not to the page body', async () => {
    const p = published({ mine: true });
    const a = actions();
    const view = (shown: boolean) => (
      <main id="main">
        {shown ? (
          <MarketplaceCard pattern={p} signedIn inLibrary={false} offline={false} actions={a} />
        ) : null}
      </main>
    );
    const { rerender } = render(view(true));
    fireEvent.click(screen.getByRole('button', { name: 'Unpublish Harbour Tide' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unpublish Harbour Tide?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unpublish' }));
    await waitFor(() => expect(a.unpublish).toHaveBeenCalled());
    rerender(view(false)); // the list without the card
    await waitFor(() => expect(document.activeElement).toBe(document.getElementById('main')), {
      timeout: 2000,
    });
  });
});
