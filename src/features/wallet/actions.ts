import { chainNotAddedMessage, ERROR_TEXT, TOAST_TEXT } from '../../domain/errors/messages';
import { EVM_CHAINS, type SupportedChainId } from '../../domain/wallet/chains';
import { notify } from '../../ui/toast';
import { rpcCode } from '../../wallet/eip1193';
import { walletStore } from './runtime';

/** User actions on the wallet with their toasts (docs/product.md § Errors). */

/** Connects, then links the account by Sign-In with Ethereum unless it is already linked. */
export async function connectWallet(uuid?: string): Promise<void> {
  try {
    if (!(await walletStore.connect(uuid))) {
      // Asked to connect with no wallet in this browser (a gate's proceed, the shell's button).
      if (walletStore.getState().status === 'noWallet')
        void notify.error(ERROR_TEXT.noWalletProvider, {
          description: 'Install a browser wallet (an EVM wallet extension), then try again.',
        });
      return;
    }
    void notify.success(TOAST_TEXT.walletConnected);
  } catch (e) {
    void notify.error(TOAST_TEXT.connectionFailed, { description: describe(e) });
    return;
  }
  const s = walletStore.getState();
  if (s.linked && s.linked.address !== s.address) await linkWallet();
}

export async function linkWallet(): Promise<void> {
  try {
    await walletStore.link();
  } catch (e) {
    await notify.fromError(e, { onRetry: () => void linkWallet() });
  }
}

export async function changeWallet(uuid?: string): Promise<void> {
  try {
    if (await walletStore.change(uuid)) void notify.success(TOAST_TEXT.walletConnected);
  } catch (e) {
    void notify.error(TOAST_TEXT.connectionFailed, { description: describe(e) });
  }
}

export function disconnectWallet(): void {
  try {
    walletStore.disconnect();
    void notify.success(TOAST_TEXT.walletDisconnected);
  } catch {
    void notify.error(TOAST_TEXT.disconnectFailed);
  }
}

export async function copyAddress(address: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(address);
    void notify.success(TOAST_TEXT.addressCopied);
  } catch {
    void notify.error(TOAST_TEXT.copyFailed, { description: TOAST_TEXT.copyFailedDescription });
  }
}

/** Switches chain; a chain the wallet lacks (4902) offers to add it. */
export async function switchChain(chainId: SupportedChainId): Promise<void> {
  try {
    await walletStore.switchChain(chainId);
  } catch (e) {
    if (e instanceof Error && e.message === chainNotAddedMessage(chainId)) {
      void notify.error(e.message, {
        action: { label: `Add ${EVM_CHAINS[chainId].name}`, onClick: () => void addChain(chainId) },
      });
      return;
    }
    await notify.fromError(e);
  }
}

async function addChain(chainId: SupportedChainId): Promise<void> {
  try {
    await walletStore.addChain(chainId);
  } catch (e) {
    await notify.fromError(e);
  }
}

export async function unlinkWallet(): Promise<void> {
  try {
    await walletStore.unlink();
  } catch (e) {
    await notify.fromError(e);
  }
}

function describe(e: unknown): string | undefined {
  if (Number(rpcCode(e)) === 4001) return 'The wallet declined the request.';
  return e instanceof Error ? e.message : undefined;
}
