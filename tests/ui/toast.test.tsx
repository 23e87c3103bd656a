// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERROR_CASES } from '../../src/domain/errors/messages';
import { NetworkError } from '../../src/domain/errors/appErrors';
import { AppToaster, notify } from '../../src/ui/toast';

afterEach(cleanup);

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
});
