// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../src/domain/errors/appErrors';
import type { PatternTokenMetadata } from '../../../src/domain/tokens/mintInput';
import type { TxProgress } from '../../../src/flow/flowClient';

/**
 * The creator hub's mint section with a scripted Flow client and server API (the client
 * itself is tested against a fake access API in tests/flow, the API in tests/server/tokens):
 * connecting runs the account setup once with its toast, the form checks the mint inputs
 * before anything is sent, a mint shows each status and ends with the token id and owner,
 * a refusal in the wallet shows the catalogue's message and is reported as failed.
 */
const USER = '0x1122334455667788';
const P1 = '6f1d1c3e-8a4b-4f7e-9a51-2b7c1d9e0f11';
const P2 = '7f1d1c3e-8a4b-4f7e-9a51-2b7c1d9e0f12';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn(), info: vi.fn() }));
const api = vi.hoisted(() => ({
  requestMint: vi.fn(),
  report: vi.fn(),
  mine: vi.fn(),
  tokensOf: vi.fn(),
}));
const client = vi.hoisted(() => ({
  authenticate: vi.fn(),
  unauthenticate: vi.fn(),
  user: vi.fn(),
  ensureAccountSetup: vi.fn(),
  accountInfo: vi.fn(),
  mintPattern: vi.fn(),
  sealedHeight: vi.fn(),
  batchMint: vi.fn(),
  listPatterns: vi.fn(),
  transfer: vi.fn(),
}));

const walletAuth = vi.hoisted(() => vi.fn());
vi.mock('../../../src/ui/toast', () => ({ notify: toasts }));
vi.mock('../../../src/app/auth/authStore', () => ({ setWalletAuth: walletAuth }));
vi.mock('../../../src/backend/api/tokensApi', () => ({
  tokensApi: api,
  tokensOfPattern: vi.fn(),
}));
vi.mock('../../../src/flow/loadFlowClient', () => ({
  loadFlowClient: () => Promise.resolve(client),
}));

vi.stubEnv('VITE_FLOW_NETWORK', 'testnet');
vi.stubEnv('VITE_FLOW_CONTRACT_ADDRESS', '0x0123456789abcdef');
const { CreatorMints } = await import('../../../src/features/tokens');
const { queryClient } = await import('../../../src/backend/queryClient');

const patterns = [
  { id: P1, name: 'Evening Calm' },
  { id: P2, name: 'Morning Lift' },
];
const record = (over: Record<string, unknown> = {}) => ({
  id: 'm1',
  patternId: P1,
  network: 'testnet',
  recipient: USER,
  copies: 1,
  status: 'requested',
  txId: null,
  tokenIds: [],
  owner: null,
  error: null,
  createdAt: '',
  updatedAt: '',
  ...over,
});
const metadata = { patternId: P1, name: 'Evening Calm' } as unknown as PatternTokenMetadata;

beforeEach(() => {
  localStorage.clear();
  client.sealedHeight.mockResolvedValue('1000');
  client.authenticate.mockResolvedValue({ addr: USER, loggedIn: true });
  client.user.mockResolvedValue({ addr: null, loggedIn: false });
  client.ensureAccountSetup.mockImplementation((onProgress: (p: TxProgress) => void) => {
    onProgress({ step: 'signing', attempt: 1 });
    return Promise.resolve(true);
  });
  client.accountInfo.mockResolvedValue({
    address: USER,
    balance: '12.50000000',
    isInitialized: true,
  });
  api.mine.mockResolvedValue({ mints: [] });
  api.requestMint.mockResolvedValue({ mint: record(), metadata });
  api.report.mockImplementation((_id: string, outcome: Record<string, unknown>) =>
    Promise.resolve({ mint: record(outcome) }),
  );
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.clearAllMocks();
});

async function connect() {
  render(<CreatorMints patterns={patterns} />);
  fireEvent.click(screen.getByRole('button', { name: 'Connect Flow wallet' }));
  await screen.findByRole('button', { name: 'Mint token' });
}

describe('creator hub mint section', () => {
  it("connects, sets the account up once with 'Flow account ready for breathing NFTs!', shows the account", async () => {
    await connect();
    expect(client.ensureAccountSetup).toHaveBeenCalledTimes(1);
    expect(toasts.success).toHaveBeenCalledWith('Flow account ready for breathing NFTs!');
    expect(screen.getByText(/Flow wallet/).textContent).toBe(
      'Flow wallet 0x1122 on testnet · 12.5 FLOW',
    );
    expect(localStorage.getItem('pneuma.flowWallet.connected')).toBe('1');
    expect(walletAuth).toHaveBeenLastCalledWith({ flowConnected: true });
  });

  it('no toast when the account was already set up', async () => {
    client.ensureAccountSetup.mockResolvedValue(false);
    await connect();
    expect(toasts.success).not.toHaveBeenCalled();
  });

  it("a failed connection says 'Connection failed'", async () => {
    client.authenticate.mockRejectedValue(
      new AppError('Connection failed', { category: 'wallet' }),
    );
    render(<CreatorMints patterns={patterns} />);
    fireEvent.click(screen.getByRole('button', { name: 'Connect Flow wallet' }));
    await waitFor(() =>
      expect(toasts.error).toHaveBeenCalledWith('Connection failed', expect.anything()),
    );
  });

  it('checks the inputs before anything is sent (royalty percent, recipient)', async () => {
    await connect();
    fireEvent.change(screen.getByLabelText('Percent 1'), { target: { value: '150' } });
    fireEvent.change(screen.getByLabelText('Recipient', { exact: false }), {
      target: { value: 'me' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Mint token' }));
    expect(await screen.findByText('Royalty can be at most 100%')).toBeTruthy();
    expect(
      screen.getByText('Recipient must be a Flow address (0x and 16 hex digits)'),
    ).toBeTruthy();
    expect(api.requestMint).not.toHaveBeenCalled();
    expect(client.mintPattern).not.toHaveBeenCalled();
  });

  it('mints: the request, each status in the live region, then the token id and owner, reported sealed', async () => {
    let finish: () => void = () => undefined;
    client.mintPattern.mockImplementation(
      async (_m: PatternTokenMetadata, onProgress: (p: TxProgress) => void) => {
        onProgress({ step: 'submitted', txId: 'ab'.repeat(32) });
        onProgress({ step: 'status', txId: 'ab'.repeat(32), status: 'pending' });
        await new Promise<void>((r) => (finish = r));
        return { txId: 'ab'.repeat(32), events: [], tokenIds: ['42'], owner: USER };
      },
    );
    await connect();
    fireEvent.change(screen.getByLabelText('Tags', { exact: false }), {
      target: { value: 'calm, evening' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Mint token' }));
    const live = await screen.findByRole('status', { name: 'Mint status' });
    await waitFor(() =>
      expect(live.textContent).toBe('Pending: waiting to be included in a block…'),
    );
    expect(screen.getAllByRole('button', { name: 'Minting…' })).toHaveLength(2);
    finish();
    await waitFor(() => expect(live.textContent).toBe('Minted: Token #42 · owner 0x1122.'));
    expect(api.requestMint).toHaveBeenCalledWith({
      patternId: P1,
      network: 'testnet',
      recipient: USER,
      royalties: [{ receiver: USER, percent: 5, description: 'Creator royalty' }],
      tags: ['calm', 'evening'],
      totalCycles: 5,
      copies: 1,
    });
    expect(client.mintPattern).toHaveBeenCalledWith(metadata, expect.any(Function));
    expect(api.report).toHaveBeenCalledWith('m1', {
      status: 'sealed',
      txId: 'ab'.repeat(32),
      tokenIds: ['42'],
      owner: USER,
    });
  });

  it("with the Flow network unreachable: 'The Flow network cannot be reached', no mint is requested", async () => {
    client.sealedHeight.mockRejectedValue(
      new AppError('The Flow network cannot be reached', { category: 'network' }),
    );
    await connect();
    fireEvent.click(screen.getByRole('button', { name: 'Mint token' }));
    const live = await screen.findByRole('status', { name: 'Mint status' });
    await waitFor(() => expect(live.textContent).toBe('The Flow network cannot be reached'));
    expect(api.requestMint).not.toHaveBeenCalled();
    expect(client.mintPattern).not.toHaveBeenCalled();
  });

  it('a refusal in the wallet shows the catalogue message and is reported as failed', async () => {
    client.mintPattern.mockRejectedValue(
      new AppError('Declined: Externally Halted', { category: 'wallet', code: 'rejected' }),
    );
    await connect();
    fireEvent.click(screen.getByRole('button', { name: 'Mint token' }));
    const live = await screen.findByRole('status', { name: 'Mint status' });
    await waitFor(() =>
      expect(live.textContent).toBe(
        'Transaction rejected. Please try again if you want to proceed.',
      ),
    );
    expect(api.report).toHaveBeenCalledWith('m1', {
      status: 'failed',
      txId: null,
      error: 'Transaction rejected. Please try again if you want to proceed.',
    });
  });

  it('batch mint: one request per chosen pattern, a status line each', async () => {
    api.requestMint.mockImplementation((input: { patternId: string }) =>
      Promise.resolve({
        mint: record({ id: `m-${input.patternId}`, patternId: input.patternId }),
        metadata,
      }),
    );
    client.batchMint.mockImplementation((items: unknown[]) =>
      Promise.resolve(
        [
          {
            status: 'fulfilled',
            value: { txId: '1'.repeat(64), events: [], tokenIds: ['7'], owner: USER },
          },
          {
            status: 'rejected',
            reason: new AppError(`Transaction ${'2'.repeat(64)} timed out after 30000ms`, {
              category: 'wallet',
            }),
          },
        ].slice(0, items.length),
      ),
    );
    await connect();
    const batch = screen.getByRole('group', { name: 'Mint several patterns' });
    fireEvent.click(within(batch).getByLabelText('Evening Calm'));
    fireEvent.click(within(batch).getByLabelText('Morning Lift'));
    fireEvent.click(within(batch).getByRole('button', { name: 'Mint selected (2)' }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Mint status' }).textContent).toBe(
        '1 of 2 minted.',
      ),
    );
    expect(
      api.requestMint.mock.calls.map((c) => (c[0] as { patternId: string }).patternId),
    ).toEqual([P1, P2]);
    expect(within(batch).getByText(/Minted: Token #7/)).toBeTruthy();
    expect(
      within(batch).getByText(`Transaction ${'2'.repeat(64)} timed out after 30000ms`),
    ).toBeTruthy();
  });

  it('lists the tokens the account holds and transfers one to a checked address', async () => {
    const token = {
      id: '42',
      patternId: P1,
      name: 'Evening Calm',
      description: '',
      image: '',
      creator: USER,
      owner: USER,
      edition: '1',
      attributes: {},
    };
    client.listPatterns.mockResolvedValueOnce([token]).mockResolvedValueOnce([]);
    client.transfer.mockImplementation(
      (_to: string, _id: string, onProgress: (p: TxProgress) => void) => {
        onProgress({ step: 'status', txId: 'd'.repeat(64), status: 'sealed' });
        return Promise.resolve({ txId: 'd'.repeat(64), events: [] });
      },
    );
    await connect();
    const owned = screen.getByRole('region', { name: 'Tokens in this account' });
    fireEvent.click(within(owned).getByRole('button', { name: 'Show tokens' }));
    fireEvent.click(
      await within(owned).findByRole('button', { name: 'Transfer Evening Calm #42' }),
    );
    fireEvent.change(within(owned).getByLabelText('Send #42 to'), { target: { value: 'friend' } });
    fireEvent.click(within(owned).getByRole('button', { name: 'Transfer' }));
    expect(
      await within(owned).findByText('Recipient must be a Flow address (0x and 16 hex digits)'),
    ).toBeTruthy();
    expect(client.transfer).not.toHaveBeenCalled();
    fireEvent.change(within(owned).getByLabelText('Send #42 to'), {
      target: { value: '0x8877665544332211' },
    });
    fireEvent.click(within(owned).getByRole('button', { name: 'Transfer' }));
    await waitFor(() =>
      expect(within(owned).getByRole('status').textContent).toBe('Token #42 sent to 0x8877.'),
    );
    expect(client.transfer).toHaveBeenCalledWith('0x8877665544332211', '42', expect.any(Function));
    expect(await within(owned).findByText('This account holds no pattern tokens.')).toBeTruthy();
  });

  it("disconnects with 'Successfully disconnected Flow wallet'", async () => {
    await connect();
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    await waitFor(() =>
      expect(toasts.success).toHaveBeenLastCalledWith('Successfully disconnected Flow wallet'),
    );
    expect(localStorage.getItem('pneuma.flowWallet.connected')).toBeNull();
    expect(walletAuth).toHaveBeenLastCalledWith({ flowConnected: false });
    expect(screen.getByRole('button', { name: 'Connect Flow wallet' })).toBeTruthy();
  });

  it('renders nothing while prerendered (no query, no FCL before mount)', () => {
    expect(renderToString(<CreatorMints patterns={patterns} />)).toBe('');
    expect(api.mine).not.toHaveBeenCalled();
  });

  it('says why when the build has no contract address, and still lists past mints', async () => {
    vi.stubEnv('VITE_FLOW_CONTRACT_ADDRESS', '');
    api.mine.mockResolvedValue({
      mints: [record({ status: 'sealed', txId: 'c'.repeat(64), tokenIds: ['9'], owner: USER })],
    });
    render(<CreatorMints patterns={patterns} />);
    expect(await screen.findByText('Token #9 · owner 0x1122')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Connect Flow wallet' })).toBeNull();
    // What a user can do, not the operator's setting (that goes to the console and the README).
    expect(screen.getByRole('note').textContent).toBe(
      'Minting pattern tokens is not offered here.',
    );
    expect(screen.getByRole('note').textContent).not.toMatch(/VITE_|contract address/);
    vi.stubEnv('VITE_FLOW_CONTRACT_ADDRESS', '0x0123456789abcdef');
  });
});
