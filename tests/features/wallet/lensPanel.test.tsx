// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Wallet } from 'ethers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as AuthStore from '../../../src/app/auth/authStore';
import { LENS_TEXT } from '../../../src/domain/wallet/lensText';
import type * as LensRuntime from '../../../src/features/wallet/lensRuntime';
import { createLensClient } from '../../../src/wallet/lens/lensClient';
import { createFakeLens } from '../../wallet/lens/fakeLens';

/**
 * The profile's Lens panel against the in-process fake Lens API v3 (serving the schema Lens
 * publishes), its requests passed straight to the fake: the wallet's accounts are looked up,
 * one is signed in as directly, several are offered to choose from, none is said; a refused
 * sign-in shows Lens' branch's message, a failed exchange 'Failed to connect to Lens'.
 * The EVM wallet is an ethers key in memory. What this does not prove: the live API.
 */
const fake = createFakeLens();
const fetchToFake = vi.fn(async (_url: string, init: RequestInit) => {
  const auth = (init.headers as Record<string, string>).authorization;
  return new Response(JSON.stringify(await fake.answer(String(init.body), auth)), { status: 200 });
});
const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
const current = vi.hoisted(() => ({
  wallet: null as unknown as { address: string; signMessage(t: string): Promise<string> },
  signer: null as unknown as { signMessage(t: string): Promise<string> },
}));

vi.mock('../../../src/ui/toast', () => ({ notify: toasts }));
// A member is signed in to the app: a Lens sign-in belongs to that account.
vi.mock('../../../src/app/auth/authStore', async (importOriginal) => ({
  ...(await importOriginal<typeof AuthStore>()),
  getAuthState: () => ({ user: { id: 'member-1' } }),
  subscribeAuth: () => () => {},
}));
vi.mock('../../../src/features/wallet/runtime', () => ({
  useWallet: () => ({ status: 'connected', address: current.wallet.address }),
  walletStore: {
    client: () => ({ signMessage: (_a: string, text: string) => current.signer.signMessage(text) }),
  },
}));
vi.mock('../../../src/features/wallet/lensRuntime', async (importOriginal) => {
  const real = await importOriginal<typeof LensRuntime>();
  const client = createLensClient({
    apiUrl: 'https://lens.test/graphql',
    fetch: fetchToFake as unknown as typeof fetch,
    upload: () => Promise.resolve('lens://u'),
  });
  return {
    ...real,
    useLens: () => ({ client, postUrl: null, apiUrl: 'https://lens.test/graphql' }),
  };
});

const { LensPanel } = await import('../../../src/features/wallet/LensPanel');
const { setLensSession } = await import('../../../src/features/wallet/lensRuntime');

function newWallet(): { address: string; signMessage(t: string): Promise<string> } {
  const w = Wallet.createRandom();
  current.wallet = w;
  current.signer = w;
  return w;
}

afterEach(() => {
  cleanup();
  setLensSession({ signedIn: false, account: null }); // a new page for each test
  vi.clearAllMocks();
});

describe('Lens panel', () => {
  it('a wallet with no Lens account is told so and stays signed out', async () => {
    newWallet();
    render(<LensPanel />);
    fireEvent.click(screen.getByRole('button', { name: 'Connect Lens' }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith(LENS_TEXT.noAccount));
    expect(screen.getByRole('button', { name: 'Connect Lens' })).toBeTruthy();
  });

  it("signs in as the wallet's one account, shows it, and Disconnect says so", async () => {
    const w = newWallet();
    fake.addAccount({ owner: w.address, name: 'Calm Breather' });
    render(<LensPanel />);
    fireEvent.click(screen.getByRole('button', { name: 'Connect Lens' }));
    expect(await screen.findByText('Calm Breather · 3 followers')).toBeTruthy();
    expect(fake.seen.slice(-4).map((s) => s.operation)).toEqual([
      'AccountsAvailable',
      'ChallengeAsOwner',
      'Authenticate',
      'Account',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect Lens' }));
    expect(toasts.success).toHaveBeenCalledWith('Successfully disconnected from Lens');
    expect(await screen.findByRole('button', { name: 'Connect Lens' })).toBeTruthy();
  });

  it('with several accounts asks which one, and signs in as the one chosen', async () => {
    const w = newWallet();
    fake.addAccount({ owner: w.address, name: 'Mine' });
    fake.addAccount({
      owner: Wallet.createRandom().address,
      managers: [w.address],
      name: 'Studio',
      username: 'studio',
    });
    render(<LensPanel />);
    fireEvent.click(screen.getByRole('button', { name: 'Connect Lens' }));
    const group = await screen.findByRole('group', { name: LENS_TEXT.pickAccount });
    expect(group).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in as Mine' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in as Studio (manager)' }));
    expect(await screen.findByText('Studio · 3 followers')).toBeTruthy();
    expect(fake.seen.some((s) => s.operation === 'ChallengeAsManager')).toBe(true);
  });

  it("a refusal by Lens shows its branch's message (here WrongSignerError)", async () => {
    const w = newWallet();
    fake.addAccount({ owner: w.address });
    current.signer = Wallet.createRandom(); // the wallet signs with another key
    render(<LensPanel />);
    fireEvent.click(screen.getByRole('button', { name: 'Connect Lens' }));
    await waitFor(() =>
      expect(toasts.error).toHaveBeenCalledWith(
        `${LENS_TEXT.wrongSigner}: Signature was not signed by the expected signer`,
      ),
    );
    expect(screen.getByRole('button', { name: 'Connect Lens' })).toBeTruthy();
  });

  it("a failed exchange says 'Failed to connect to Lens'", async () => {
    const w = newWallet();
    fake.addAccount({ owner: w.address });
    current.signer = { signMessage: () => Promise.reject(new Error('User rejected the request')) };
    render(<LensPanel />);
    fireEvent.click(screen.getByRole('button', { name: 'Connect Lens' }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('Failed to connect to Lens'));
  });
});
