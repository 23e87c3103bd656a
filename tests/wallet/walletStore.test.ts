// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { discoverProviders } from '../../src/wallet/eip1193';
import {
  createWalletStore,
  isLinkedAndConnected,
  LAST_CONNECTED_KEY,
  type LinkApi,
} from '../../src/wallet/walletStore';
import type { LinkedWallet } from '../../src/contracts/wallet';
import { fakeProvider, signerOf } from './fakeProvider';

function announce(provider: unknown, name = 'Fake Wallet', uuid = 'uuid-1', rdns = 'test.fake') {
  const send = () =>
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', {
        detail: Object.freeze({
          info: { uuid, name, rdns, icon: 'data:image/svg+xml;base64,AA==' },
          provider,
        }),
      }),
    );
  window.addEventListener('eip6963:requestProvider', send);
  send();
  return () => window.removeEventListener('eip6963:requestProvider', send);
}

/** A server that remembers the linked wallet and checks the signature by recovery. */
function fakeApi(): LinkApi & { signed: string[] } {
  let linked: LinkedWallet = { address: null, chainId: null };
  const signed: string[] = [];
  return {
    signed,
    linked: () => Promise.resolve(linked),
    message: (address, chainId) => Promise.resolve({ message: `link ${address} on ${chainId}` }),
    verify: (message, signature) => {
      const [, address, , chainId] = message.split(' ');
      if (signerOf(message, signature) !== address)
        return Promise.reject(new Error('bad signature'));
      signed.push(message);
      linked = { address: address!, chainId: chainId! };
      return Promise.resolve(linked);
    },
    setChain: (chainId) => Promise.resolve((linked = { ...linked, chainId })),
    unlink: () => Promise.resolve(void (linked = { address: null, chainId: null })),
  };
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.splice(0).forEach((f) => f());
  delete (window as unknown as { ethereum?: unknown }).ethereum;
  localStorage.clear();
  vi.useRealTimers();
});

describe('wallet discovery', () => {
  it('prefers EIP-6963 announcements, lists window.ethereum after them', async () => {
    const a = fakeProvider();
    const legacy = fakeProvider();
    (window as unknown as { ethereum: unknown }).ethereum = legacy.provider;
    cleanups.push(announce(a.provider));
    const d = discoverProviders(window);
    cleanups.push(d.stop);
    const all = await d.ready;
    expect(all.map((x) => x.info.name)).toEqual(['Fake Wallet', 'Browser wallet']);
  });

  it('waits up to 3 s, asking again every 2 s, then reports none', async () => {
    vi.useFakeTimers();
    const asked = vi.fn();
    window.addEventListener('eip6963:requestProvider', asked);
    cleanups.push(() => window.removeEventListener('eip6963:requestProvider', asked));
    const d = discoverProviders(window);
    let result: unknown;
    void d.ready.then((r) => (result = r));
    await vi.advanceTimersByTimeAsync(2000);
    expect(asked).toHaveBeenCalledTimes(2);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1000);
    expect(result).toEqual([]);
    await vi.advanceTimersByTimeAsync(4000);
    expect(asked).toHaveBeenCalledTimes(2);
  });

  it('finds a wallet that announces itself late, within the 3 s', async () => {
    vi.useFakeTimers();
    const a = fakeProvider();
    const d = discoverProviders(window);
    cleanups.push(d.stop);
    let result: { info: { rdns: string } }[] | undefined;
    void d.ready.then((r) => (result = r));
    await vi.advanceTimersByTimeAsync(1500);
    expect(result).toBeUndefined();
    cleanups.push(announce(a.provider));
    await vi.advanceTimersByTimeAsync(10);
    expect(result?.map((x) => x.info.rdns)).toEqual(['test.fake']);
  });
});

describe('wallet store', () => {
  it('connects, links by Sign-In with Ethereum, and follows the chain', async () => {
    const f = fakeProvider({ chains: ['0x1', '0xa4b1'] });
    cleanups.push(announce(f.provider));
    const api = fakeApi();
    const store = createWalletStore({ win: window, storage: localStorage, api });
    cleanups.push(store.stop);
    await store.start();
    expect(store.getState().status).toBe('disconnected');
    expect(await store.connect()).toBe(true);
    expect(store.getState()).toMatchObject({
      status: 'connected',
      address: f.wallet.address,
      chainId: '0x1',
    });
    expect(localStorage.getItem(LAST_CONNECTED_KEY)).toBe('test.fake');
    await store.refreshLinked(true);
    expect(isLinkedAndConnected(store.getState())).toBe(false);
    await store.link();
    expect(isLinkedAndConnected(store.getState())).toBe(true);
    await store.switchChain('0xa4b1');
    expect(store.getState().linked).toEqual({ address: f.wallet.address, chainId: '0xa4b1' });
    await expect(store.switchChain('0x89')).rejects.toThrow(
      'Chain 0x89 not added to wallet. Use addChain() first.',
    );
    await store.addChain('0x89');
    expect(store.getState().chainId).toBe('0x89');
  });

  it('a refused connection is the error state; the next try can succeed', async () => {
    const reject = new Set(['eth_requestAccounts']);
    const f = fakeProvider({ reject });
    cleanups.push(announce(f.provider));
    const store = createWalletStore({ win: window, storage: localStorage, api: fakeApi() });
    cleanups.push(store.stop);
    await store.start();
    await expect(store.connect()).rejects.toThrow('User rejected');
    expect(store.getState().status).toBe('error');
    reject.clear();
    expect(await store.connect()).toBe(true);
  });

  it('reconnects on load when the marker is stored, without a prompt; disconnects when the wallet reports no accounts', async () => {
    const f = fakeProvider();
    await f.provider.request({ method: 'eth_requestAccounts' });
    f.calls.length = 0;
    cleanups.push(announce(f.provider));
    localStorage.setItem(LAST_CONNECTED_KEY, 'test.fake');
    const store = createWalletStore({ win: window, storage: localStorage, api: fakeApi() });
    cleanups.push(store.stop);
    await store.start();
    expect(store.getState()).toMatchObject({ status: 'connected', address: f.wallet.address });
    expect(f.calls.some((c) => c.method === 'eth_requestAccounts')).toBe(false);
    f.revoke();
    expect(store.getState()).toMatchObject({ status: 'disconnected', address: null });
    expect(localStorage.getItem(LAST_CONNECTED_KEY)).toBeNull();
  });

  it('without the marker it does not reconnect; with no wallet at all it says so', async () => {
    vi.useFakeTimers();
    const store = createWalletStore({ win: window, storage: localStorage, api: fakeApi() });
    cleanups.push(store.stop);
    const started = store.start();
    await vi.advanceTimersByTimeAsync(3000);
    await started;
    expect(store.getState().status).toBe('noWallet');
    expect(await store.connect()).toBe(false);
  });
});
