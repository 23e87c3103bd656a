import { useSyncExternalStore } from 'react';
import { getAuthState, setWalletAuth, subscribeAuth } from '../../app/auth/authStore';
import { walletApi } from '../../backend/api/walletApi';
import {
  createWalletStore,
  isLinkedAndConnected,
  type WalletState,
} from '../../wallet/walletStore';
import { publishWalletFacts } from './walletFacts';

/**
 * The page's one wallet store (loaded with the first wallet control, never in the first
 * load). It reports auth level evm to the auth store while the connected account is the
 * one linked to the signed-in account, and re-reads the link when the user changes.
 */
export const walletStore = createWalletStore({ win: window, storage: localStorage, api: walletApi });

let lastUser: string | null | undefined;
function syncUser(): void {
  const { user } = getAuthState();
  const id = user?.id ?? null;
  if (id === lastUser) return;
  lastUser = id;
  walletStore.refreshLinked(Boolean(id)).catch(() => undefined);
}
subscribeAuth(syncUser);
syncUser();
function publish(): void {
  const s = walletStore.getState();
  setWalletAuth({ evmConnected: isLinkedAndConnected(s) });
  publishWalletFacts({
    address: s.status === 'connected' ? s.address : null,
    chainId: s.status === 'connected' ? s.chainId : null,
    linkedAddress: s.linked?.address ?? null,
    linked: isLinkedAndConnected(s),
  });
}
walletStore.subscribe(publish);
publish();
void walletStore.start();

export function useWallet(): WalletState {
  return useSyncExternalStore(walletStore.subscribe, walletStore.getState, walletStore.getState);
}
