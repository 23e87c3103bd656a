// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * The token line on marketplace cards: one request for all cards on screen, the latest
 * mint's token ids and owner (first 6 characters), nothing for an unminted pattern.
 */
const request = vi.hoisted(() => vi.fn());
vi.mock('../../../src/backend/request', () => ({ request }));
vi.mock('../../../src/backend/config', () => ({
  getConfig: () => ({ apiUrl: 'http://api.test', supabaseAnonKey: 'anon' }),
}));
vi.mock('../../../src/backend/supabaseClient', () => ({ getSupabase: vi.fn() }));

const { PatternTokenBadge } = await import('../../../src/features/tokens');

const A = '6f1d1c3e-8a4b-4f7e-9a51-2b7c1d9e0f11';
const B = '7f1d1c3e-8a4b-4f7e-9a51-2b7c1d9e0f12';

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('PatternTokenBadge', () => {
  it('reads every card in one request and shows the token id and owner', async () => {
    request.mockResolvedValue({
      tokens: {
        [A]: [
          {
            network: 'testnet',
            status: 'verified',
            txId: 'x',
            tokenIds: ['42'],
            owner: '0x1122334455667788',
            mintedAt: '',
          },
        ],
        [B]: [],
      },
    });
    const { container } = render(
      <>
        <div data-testid="a">
          <PatternTokenBadge patternId={A} />
        </div>
        <div data-testid="b">
          <PatternTokenBadge patternId={B} />
        </div>
      </>,
    );
    await waitFor(() =>
      expect(screen.getByTestId('a').textContent).toBe(
        'Flow token Token #42 · owner 0x1122 (verified on Flow, testnet)',
      ),
    );
    expect(screen.getByTestId('b').textContent).toBe('');
    expect(request).toHaveBeenCalledTimes(1);
    expect(request.mock.calls[0]?.[0]).toBe(`http://api.test/api/flow/tokens?patterns=${A},${B}`);
    expect(request.mock.calls[0]?.[1]).toMatchObject({ headers: { apikey: 'anon' } });
    expect(container.querySelectorAll('.pattern-token')).toHaveLength(1);
  });

  it('shows nothing when the tokens cannot be read', async () => {
    request.mockRejectedValue(new Error('offline'));
    render(
      <div data-testid="a">
        <PatternTokenBadge patternId={A} />
      </div>,
    );
    await waitFor(() => expect(request).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.getByTestId('a').textContent).toBe('');
  });
});
