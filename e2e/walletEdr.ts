import type { Page } from '@playwright/test';
import { createHardhatRuntimeEnvironment } from 'hardhat/hre';

/**
 * The wallet browser tests' EVM: hardhat's in-process EDR (chain id 1) signs and answers
 * balances; the page gets an EIP-1193 wallet announced by EIP-6963 that forwards to it.
 * The wallet part played here is what a browser wallet adds around a node: which chains it
 * knows (Ethereum and Arbitrum; Polygon only once added, so switching to it first answers
 * 4902) and the account prompt.
 */

export type Edr = Awaited<
  ReturnType<Awaited<ReturnType<typeof createHardhatRuntimeEnvironment>>['network']['connect']>
>;

export async function startEdr(): Promise<Edr> {
  const hre = await createHardhatRuntimeEnvironment({
    networks: { default: { type: 'edr-simulated', chainId: 1 } },
  });
  return hre.network.connect();
}

export async function injectWallet(page: Page, edr: Edr): Promise<void> {
  await page.exposeFunction('__edr', (method: string, params: unknown) =>
    edr.provider.request({ method, params: params as unknown[] }).catch((e: unknown) => {
      throw new Error(e instanceof Error ? e.message : String(e));
    }),
  );
  await page.addInitScript(() => {
    const w = window as unknown as { __edr(method: string, params: unknown): Promise<unknown> };
    const listeners: Record<string, Set<(...a: unknown[]) => void>> = {};
    const known = new Set(['0x1', '0xa4b1']);
    let chainId = '0x1';
    const emit = (event: string, arg: unknown) => listeners[event]?.forEach((l) => l(arg));
    const fail = (code: number, message: string) => Object.assign(new Error(message), { code });
    const provider = {
      async request({ method, params }: { method: string; params?: unknown[] }) {
        const p = (params ?? []) as { chainId?: string }[];
        switch (method) {
          case 'eth_chainId':
            return chainId;
          case 'net_version':
            return String(parseInt(chainId, 16));
          case 'eth_requestAccounts':
            return (await w.__edr('eth_accounts', [])) as string[];
          case 'wallet_switchEthereumChain': {
            const id = p[0]?.chainId ?? '';
            if (!known.has(id)) throw fail(4902, `Unrecognized chain ID "${id}"`);
            chainId = id;
            emit('chainChanged', id);
            return null;
          }
          case 'wallet_addEthereumChain': {
            const id = p[0]?.chainId ?? '';
            known.add(id);
            chainId = id;
            emit('chainChanged', id);
            return null;
          }
          default:
            return w.__edr(method, params ?? []);
        }
      },
      on(event: string, l: (...a: unknown[]) => void) {
        (listeners[event] ??= new Set()).add(l);
      },
      removeListener(event: string, l: (...a: unknown[]) => void) {
        listeners[event]?.delete(l);
      },
    };
    const info = {
      uuid: 'e2e-edr-wallet',
      name: 'EDR Test Wallet',
      rdns: 'test.edr',
      icon: 'data:image/svg+xml;base64,PHN2Zy8+',
    };
    const announce = () =>
      window.dispatchEvent(
        new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }),
      );
    window.addEventListener('eip6963:requestProvider', announce);
    announce();
  });
}
