import type { LinkedWallet } from '../contracts/wallet';
import { ERROR_TEXT } from '../domain/errors/messages';
import { isSupportedChain, normalizeChainId, type SupportedChainId } from '../domain/wallet/chains';
import {
  discoverProviders,
  type DiscoveredProvider,
  type Eip1193Provider,
  type ProviderInfo,
} from './eip1193';
import { EvmClient } from './evmClient';
import { LAST_CONNECTED_KEY } from './marker';

/**
 * The EVM wallet of this page (docs/product.md § Wallets and tokens): discovery, connect,
 * auto-reconnect, account and chain changes, and the account's linked wallet on the server.
 * States: detecting -> noWallet | disconnected -> connecting -> connected | error; a wallet
 * that reports no accounts is disconnected; another account is provider-changed.
 */
export type WalletStatus =
  'detecting' | 'noWallet' | 'disconnected' | 'connecting' | 'connected' | 'error';


export interface WalletState {
  status: WalletStatus;
  providers: ProviderInfo[];
  active: ProviderInfo | null;
  address: string | null;
  chainId: string | null;
  /** The wallet linked to the signed-in account (Sign-In with Ethereum); null = not known. */
  linked: LinkedWallet | null;
  /** The last failure's message (status error, or a failed link). */
  error: string | null;
}

/** The server side of linking (src/backend/api/walletApi.ts in the app, a fake in tests). */
export interface LinkApi {
  linked(): Promise<LinkedWallet>;
  message(address: string, chainId: string): Promise<{ message: string }>;
  verify(message: string, signature: string): Promise<LinkedWallet>;
  setChain(chainId: SupportedChainId): Promise<LinkedWallet>;
  unlink(): Promise<void>;
}

export interface WalletDeps {
  win: Window;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  api: LinkApi;
  detection?: { waitMs?: number; rescanMs?: number };
}

export { LAST_CONNECTED_KEY };

const INITIAL: WalletState = {
  status: 'detecting',
  providers: [],
  active: null,
  address: null,
  chainId: null,
  linked: null,
  error: null,
};

export function createWalletStore(deps: WalletDeps) {
  let state = INITIAL;
  const listeners = new Set<() => void>();
  let found: DiscoveredProvider[] = [];
  let current: { client: EvmClient; found: DiscoveredProvider; off: () => void } | null = null;
  let discovery: ReturnType<typeof discoverProviders> | null = null;

  const set = (patch: Partial<WalletState>) => {
    state = { ...state, ...patch };
    listeners.forEach((l) => l());
  };
  const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

  function watch(provider: Eip1193Provider): () => void {
    const onAccounts = (...args: unknown[]) => {
      const list = Array.isArray(args[0]) ? (args[0] as unknown[]) : [];
      if (list.length === 0) {
        drop();
        return;
      }
      void current?.client.accounts().then((a) => {
        if (a[0] && a[0] !== state.address) set({ address: a[0] });
      });
    };
    const onChain = (...args: unknown[]) => {
      const id = normalizeChainId(args[0]);
      if (id) set({ chainId: id });
    };
    const onDisconnect = () => drop();
    provider.on?.('accountsChanged', onAccounts);
    provider.on?.('chainChanged', onChain);
    provider.on?.('disconnect', onDisconnect);
    return () => {
      provider.removeListener?.('accountsChanged', onAccounts);
      provider.removeListener?.('chainChanged', onChain);
      provider.removeListener?.('disconnect', onDisconnect);
    };
  }

  function drop(): void {
    current?.off();
    current = null;
    deps.storage.removeItem(LAST_CONNECTED_KEY);
    set({
      status: found.length ? 'disconnected' : 'noWallet',
      active: null,
      address: null,
      chainId: null,
    });
  }

  async function adopt(d: DiscoveredProvider, prompt: boolean): Promise<boolean> {
    const client = new EvmClient(d.provider);
    const accounts = prompt ? await client.requestAccounts() : await client.accounts();
    if (!accounts[0]) return false;
    const chainId = await client.chainId();
    current?.off();
    current = { client, found: d, off: watch(d.provider) };
    deps.storage.setItem(LAST_CONNECTED_KEY, d.info.rdns);
    set({ status: 'connected', active: d.info, address: accounts[0], chainId, error: null });
    return true;
  }

  function pick(uuid?: string): DiscoveredProvider | undefined {
    return uuid ? found.find((d) => d.info.uuid === uuid) : found[0];
  }

  const store = {
    getState: () => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Detects wallets, then reconnects silently when a last-connected marker is stored. */
    async start(): Promise<void> {
      if (discovery) return;
      discovery = discoverProviders(deps.win, {
        ...deps.detection,
        onChange: (all) => {
          found = all;
          set({ providers: all.map((d) => d.info) });
        },
      });
      found = await discovery.ready;
      const marker = deps.storage.getItem(LAST_CONNECTED_KEY);
      set({
        providers: found.map((d) => d.info),
        status: found.length ? 'disconnected' : 'noWallet',
      });
      const previous = marker ? (found.find((d) => d.info.rdns === marker) ?? found[0]) : undefined;
      if (previous) {
        try {
          if (!(await adopt(previous, false))) deps.storage.removeItem(LAST_CONNECTED_KEY);
        } catch {
          deps.storage.removeItem(LAST_CONNECTED_KEY);
        }
      }
    },

    /** Detects again (the 'No Wallet Found' button). */
    async rescan(): Promise<void> {
      discovery?.stop();
      discovery = null;
      set({ status: 'detecting' });
      await store.start();
    },

    /** Asks the wallet for its accounts; the wallet's refusal is the error state. */
    async connect(uuid?: string): Promise<boolean> {
      found = discovery?.list() ?? found;
      const d = pick(uuid);
      if (!d) {
        set({ status: 'noWallet' });
        return false;
      }
      set({ status: 'connecting', error: null });
      try {
        if (await adopt(d, true)) return true;
        set({ status: 'disconnected' });
        return false;
      } catch (e) {
        set({ status: 'error', error: errorText(e) });
        throw e;
      }
    },

    /** Forgets the connection here (wallets keep their own permission). */
    disconnect(): void {
      drop();
    },

    /** Change Wallet: another discovered wallet, or the same wallet's account picker. */
    async change(uuid?: string): Promise<boolean> {
      if (uuid && uuid !== current?.found.info.uuid) {
        drop();
        return store.connect(uuid);
      }
      if (!current) return store.connect(uuid);
      await current.client.requestPermissions();
      return adopt(current.found, false);
    },

    client(): EvmClient | null {
      return current?.client ?? null;
    },

    /** Switches chain and records it as the linked wallet's preferred chain. */
    async switchChain(chainId: SupportedChainId): Promise<void> {
      const client = requireClient();
      await client.switchChain(chainId);
      await afterChain(client);
    },

    /** Adds a supported chain the wallet does not know yet (after a 4902), then uses it. */
    async addChain(chainId: SupportedChainId): Promise<void> {
      const client = requireClient();
      await client.addChain(chainId);
      await afterChain(client);
    },

    /** Reads the account's linked wallet (null when signed out). */
    async refreshLinked(signedIn: boolean): Promise<void> {
      if (!signedIn) {
        set({ linked: null });
        return;
      }
      set({ linked: await deps.api.linked() });
    },

    /** Sign-In with Ethereum: the server's message, signed by the connected account. */
    async link(): Promise<LinkedWallet> {
      const client = requireClient();
      const address = state.address;
      const chainId = state.chainId ?? (await client.chainId());
      const { message } = await deps.api.message(address ?? '', chainId);
      const signature = await client.signMessage(address, message);
      const linked = await deps.api.verify(message, signature);
      set({ linked });
      return linked;
    },

    async unlink(): Promise<void> {
      await deps.api.unlink();
      set({ linked: { address: null, chainId: null } });
    },

    stop(): void {
      discovery?.stop();
      current?.off();
    },
  };

  function requireClient(): EvmClient {
    if (!current) throw new Error(ERROR_TEXT.noWalletConnected);
    return current.client;
  }

  async function afterChain(client: EvmClient): Promise<void> {
    const id = await client.chainId();
    set({ chainId: id });
    if (
      state.linked?.address &&
      state.linked.address === state.address &&
      id !== state.linked.chainId
    ) {
      if (isSupportedChain(id)) set({ linked: await deps.api.setChain(id) });
    }
  }

  return store;
}

/** True when the connected account is the one linked to the signed-in account (auth level evm). */
export function isLinkedAndConnected(s: WalletState): boolean {
  return s.status === 'connected' && !!s.address && s.linked?.address === s.address;
}
