// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FallbackBoundary } from '../../src/ui/FallbackBoundary';

afterEach(cleanup);

describe('FallbackBoundary', () => {
  it('shows its fallback when a lazy part cannot load, and the page around it stays', async () => {
    const onFail = vi.fn();
    const Unloadable = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <main>
        <h1>Home</h1>
        <FallbackBoundary fallback={<p>Plain version</p>} onFail={onFail}>
          <Suspense fallback={<p>Loading</p>}>
            <Unloadable />
          </Suspense>
        </FallbackBoundary>
      </main>,
    );
    expect(await screen.findByText('Plain version')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Home' })).toBeTruthy();
    expect(onFail).toHaveBeenCalledTimes(1);
    quiet.mockRestore();
  });

  it('renders its children while they work', () => {
    render(
      <FallbackBoundary fallback={<p>Plain version</p>}>
        <p>The real thing</p>
      </FallbackBoundary>,
    );
    expect(screen.getByText('The real thing')).toBeTruthy();
    expect(screen.queryByText('Plain version')).toBeNull();
  });
});
