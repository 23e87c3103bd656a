// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { Component, type ReactNode } from 'react';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../src/data/db';
import { loadLocalData } from '../../src/data/loadLocalData';
import { useLocalQuery, type LocalRead } from '../../src/data/useLocalQuery';

beforeEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
});
afterEach(() => {
  cleanup();
});

const settle = () => act(() => new Promise((r) => setTimeout(r, 60)));

/** Renders the value of one flag row, recording every value it rendered. */
function FlagValue({ name, read, seen }: { name: string; read?: LocalRead<string>; seen: string[] }) {
  const value = useLocalQuery(
    read ?? (async () => String((await db.flags.get(name))?.value ?? 'unset')),
    [name],
    'fallback',
  );
  seen.push(value);
  return <p>{`${name}: ${value}`}</p>;
}

class Boundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    return this.state.error ? <p role="alert">{String(this.state.error)}</p> : this.props.children;
  }
}

describe('useLocalQuery', () => {
  it('renders the fallback first (even with the database loaded), then the result, then every change', async () => {
    await loadLocalData();
    await db.flags.put({ key: 'a', value: true });
    const seen: string[] = [];
    render(<FlagValue name="a" seen={seen} />);
    expect(seen[0]).toBe('fallback');
    await screen.findByText('a: true');
    await act(() => db.flags.put({ key: 'a', value: false }));
    await screen.findByText('a: false');
  });

  it('keeps the last result while a read for new dependencies is in flight', async () => {
    await db.flags.bulkPut([
      { key: 'a', value: true },
      { key: 'b', value: false },
    ]);
    const seen: string[] = [];
    const { rerender } = render(<FlagValue name="a" seen={seen} />);
    await screen.findByText('a: true');
    seen.length = 0;
    rerender(<FlagValue name="b" seen={seen} />);
    await screen.findByText('b: false');
    expect(seen).not.toContain('fallback');
    expect(seen[0]).toBe('true');
  });

  it('stops reading once unmounted', async () => {
    const read = vi.fn(async () => String((await db.flags.get('a'))?.value ?? 'unset'));
    const { unmount } = render(<FlagValue name="a" read={read} seen={[]} />);
    await screen.findByText('a: unset');
    const reads = read.mock.calls.length;
    unmount();
    await db.flags.put({ key: 'a', value: true });
    await settle();
    expect(read).toHaveBeenCalledTimes(reads);
  });

  it('unmounted before the database module arrives, it never reads', async () => {
    const read = vi.fn(async () => 'x');
    const { unmount } = render(<FlagValue name="a" read={read} seen={[]} />);
    unmount();
    await settle();
    expect(read).not.toHaveBeenCalled();
  });

  it('throws a failed read to the nearest error boundary', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const read = async (): Promise<string> => {
      throw new Error('unreadable');
    };
    render(
      <Boundary>
        <FlagValue name="a" read={read} seen={[]} />
      </Boundary>,
    );
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('unreadable'));
    vi.restoreAllMocks();
  });
});
