// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERROR_CASES } from '../../src/domain/errors/messages';
import { NetworkError } from '../../src/domain/errors/appErrors';
import { AppToaster, notify } from '../../src/ui/toast';

afterEach(() => {
  notify.dismiss();
  cleanup();
  vi.useRealTimers();
});

/**
 * The toaster of our own (src/ui/ToasterHost.tsx, replacing sonner) in happy-dom: one toast at
 * a time in a 'Notifications' region, a status or (errors) an alert, a 44 px dismiss button,
 * the action closing it, the timer. Does not prove: what a screen reader says, the toast's
 * place above the bottom navigation (e2e/calm-layout.spec.ts), its look or its motion.
 */

describe('toasts', () => {
  it('one at a time: a new toast replaces the one on screen', async () => {
    render(<AppToaster />);
    act(() => {
      notify.success('Wallet connected');
    });
    await screen.findByText('Wallet connected');
    act(() => {
      notify.error('Connection failed');
    });
    await screen.findByText('Connection failed');
    await vi.waitFor(() => expect(screen.queryByText('Wallet connected')).toBeNull());
  });

  it('fromError shows the catalogue message with Retry', async () => {
    render(<AppToaster />);
    const onRetry = vi.fn();
    act(() => {
      notify.fromError(new NetworkError(), { onRetry });
    });
    await screen.findByText(ERROR_CASES['network.error'].message);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalled();
  });

  it('a toast is a status and an error an alert, in the Notifications region', async () => {
    render(<AppToaster />);
    act(() => {
      notify.info('Saved');
    });
    const region = await screen.findByRole('region', { name: 'Notifications' });
    expect(region.getAttribute('aria-live')).toBe('polite');
    await vi.waitFor(() => expect(screen.getByRole('status').textContent).toContain('Saved'));
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => {
      notify.error('Connection failed', { description: 'Try again later.' });
    });
    await vi.waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('Try again later.'),
    );
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('the dismiss button, the action and notify.dismiss each take the toast away', async () => {
    render(<AppToaster />);
    act(() => {
      notify.success('Copied');
    });
    await screen.findByText('Copied');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    await vi.waitFor(() => expect(screen.queryByText('Copied')).toBeNull());

    const onClick = vi.fn();
    act(() => {
      notify.info('Reminder', { action: { label: 'Open', onClick } });
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Open' }));
    expect(onClick).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(screen.queryByText('Reminder')).toBeNull());

    act(() => {
      notify.message('Hello');
    });
    await screen.findByText('Hello');
    await act(async () => notify.dismiss());
    expect(screen.queryByText('Hello')).toBeNull();
  });

  it('goes by itself after its duration, and waits while hovered', async () => {
    render(<AppToaster />);
    act(() => {
      notify.info('Brief', { duration: 1_000 });
    });
    const toast = (await screen.findByText('Brief')).closest('[role="status"]')!;
    vi.useFakeTimers();
    fireEvent.mouseEnter(toast);
    act(() => vi.advanceTimersByTime(5_000));
    expect(screen.queryByText('Brief')).not.toBeNull();
    fireEvent.mouseLeave(toast);
    act(() => vi.advanceTimersByTime(1_100));
    expect(screen.queryByText('Brief')).toBeNull();
  });
});
