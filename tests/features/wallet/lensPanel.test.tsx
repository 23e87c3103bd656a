// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as AuthStore from '../../../src/app/auth/authStore';
import type * as LensRuntime from '../../../src/features/wallet/lensRuntime';
import { createLensClient } from '../../../src/wallet/lens/lensClient';

/**
 * The Lens panel's messages with a Lens client whose HTTP answers are scripted (the
 * GraphQL operations themselves are tested in tests/wallet/lens against a GraphQL server).
 */
const answers: unknown[] = [];
const fetchStub = vi.fn(() =>
  Promise.resolve(new Response(JSON.stringify(answers.shift()), { status: 200 })),
);
const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));

vi.mock('../../../src/ui/toast', () => ({ notify: toasts }));
// A member is signed in to the app: a Lens sign-in belongs to that account.
vi.mock('../../../src/app/auth/authStore', async (importOriginal) => ({
  ...(await importOriginal<typeof AuthStore>()),
  getAuthState: () => ({ user: { id: 'member-1' } }),
  subscribeAuth: () => () => {},
}));
vi.mock('../../../src/features/wallet/runtime', () => ({
  useWallet: () => ({ status: 'connected', address: '0x00000000000000000000000000000000000000aa' }),
  walletStore: { client: () => ({ signMessage: () => Promise.resolve('0xsig') }) },
}));
vi.mock('../../../src/features/wallet/lensRuntime', async (importOriginal) => {
  const real = await importOriginal<typeof LensRuntime>();
  const client = createLensClient({
    apiUrl: 'https://lens.test/graphql',
    fetch: fetchStub as unknown as typeof fetch,
    upload: () => Promise.resolve('u'),
  });
  return { ...real, useLens: () => ({ client, postUrl: null }) };
});

const { LensPanel } = await import('../../../src/features/wallet/LensPanel');

afterEach(() => {
  cleanup();
  answers.length = 0;
  vi.clearAllMocks();
});

describe('Lens panel', () => {
  it("a refused sign-in says 'Failed to connect to Lens'", async () => {
    answers.push(
      { data: { challenge: { id: 'c1', text: 'sign me' } } },
      { errors: [{ message: 'Wrong signer' }] },
    );
    render(<LensPanel />);
    fireEvent.click(screen.getByRole('button', { name: 'Connect Lens' }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('Failed to connect to Lens'));
    expect(screen.getByRole('button', { name: 'Connect Lens' })).toBeTruthy();
  });

  it("signs in, shows the account, and disconnecting says 'Successfully disconnected from Lens'", async () => {
    answers.push(
      { data: { challenge: { id: 'c1', text: 'sign me' } } },
      { data: { authenticate: { accessToken: 'a', refreshToken: 'r' } } },
      {
        data: {
          account: {
            address: '0xaa',
            username: 'calm',
            ownedBy: '0xaa',
            metadata: { name: 'Calm Breather', bio: null, picture: null },
            stats: { followers: 3, following: 0, posts: 1 },
            operations: null,
          },
        },
      },
    );
    render(<LensPanel />);
    fireEvent.click(screen.getByRole('button', { name: 'Connect Lens' }));
    expect(await screen.findByText('Calm Breather · 3 followers')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect Lens' }));
    expect(toasts.success).toHaveBeenCalledWith('Successfully disconnected from Lens');
    expect(await screen.findByRole('button', { name: 'Connect Lens' })).toBeTruthy();
  });
});
