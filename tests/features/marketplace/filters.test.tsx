// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_MARKETPLACE_QUERY, type MarketplaceQuery } from '../../../src/contracts/marketplace';
import { MarketplaceFilters } from '../../../src/features/marketplace/MarketplaceFilters';

const changes: MarketplaceQuery[] = [];

function Harness({ start = DEFAULT_MARKETPLACE_QUERY }: { start?: MarketplaceQuery }) {
  const [q, setQ] = useState<MarketplaceQuery>(start);
  return (
    <>
      <MarketplaceFilters
        query={q}
        onChange={(next) => {
          changes.push(next);
          setQ(next);
        }}
      />
      <button type="button" onClick={() => setQ(DEFAULT_MARKETPLACE_QUERY)}>
        reset
      </button>
    </>
  );
}

beforeEach(() => {
  vi.useFakeTimers();
  changes.length = 0;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('marketplace filters', () => {
  it('search waits for typing to settle, keeps a space being typed, and starts at page 1', () => {
    render(<Harness start={{ ...DEFAULT_MARKETPLACE_QUERY, page: 3 }} />);
    const box = screen.getByLabelText('Search patterns') as HTMLInputElement;
    fireEvent.change(box, { target: { value: 'ocean ' } });
    expect(changes).toEqual([]);
    act(() => void vi.advanceTimersByTime(300));
    expect(changes).toEqual([{ ...DEFAULT_MARKETPLACE_QUERY, q: 'ocean', page: 1 }]);
    expect(box.value).toBe('ocean ');
    fireEvent.change(box, { target: { value: 'ocean r' } });
    act(() => void vi.advanceTimersByTime(300));
    expect(changes.at(-1)?.q).toBe('ocean r');
  });

  it('category, difficulty and sort change at once; the labels name every control', () => {
    render(<Harness start={{ ...DEFAULT_MARKETPLACE_QUERY, page: 2 }} />);
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'sleep' } });
    fireEvent.change(screen.getByLabelText('Difficulty'), { target: { value: 'Advanced' } });
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'usage' } });
    expect(changes).toEqual([
      { ...DEFAULT_MARKETPLACE_QUERY, category: 'sleep', page: 1 },
      { ...DEFAULT_MARKETPLACE_QUERY, category: 'sleep', difficulty: 'Advanced', page: 1 },
      { ...DEFAULT_MARKETPLACE_QUERY, category: 'sleep', difficulty: 'Advanced', sort: 'usage', page: 1 },
    ]);
    const sorts = [...(screen.getByLabelText('Sort by') as HTMLSelectElement).options].map((o) => o.text);
    expect(sorts).toEqual(['Highest Rated', 'Most Popular', 'Newest']);
  });

  it('a query reset from outside (Clear Filters, back) clears the box', () => {
    render(<Harness />);
    const box = screen.getByLabelText('Search patterns') as HTMLInputElement;
    fireEvent.change(box, { target: { value: 'tide' } });
    act(() => void vi.advanceTimersByTime(300));
    fireEvent.click(screen.getByRole('button', { name: 'reset' }));
    expect(box.value).toBe('');
  });
});
