import type { Page } from '@playwright/test';
import { createHardhatRuntimeEnvironment } from 'hardhat/hre';
import { expect, test } from './fixtures';

/**
 * The wallet against a real EVM: hardhat's in-process EDR (chain id 1) signs and answers
 * balances; the page gets an EIP-1193 wallet announced by EIP-6963 that forwards to it.
 * The wallet part the test plays itself is what a browser wallet adds around a node:
 * which chains it knows (Ethereum and Arbitrum; Polygon only once added, so switching to
 * it first answers 4902) and the account prompt. The server verifies the signature, the
 * domain and the nonce for real (server/wallet).
 */

type Edr = Awaited<
  ReturnType<Awaited<ReturnType<typeof createHardhatRuntimeEnvironment>>['network']['connect']>
>;
let edr: Edr;

test.beforeAll(async () => {
  const hre = await createHardhatRuntimeEnvironment({
    networks: { default: { type: 'edr-simulated', chainId: 1 } },
  });
  edr = await hre.network.connect();
});
test.afterAll(async () => {
  await edr?.close();
});

async function injectWallet(page: Page): Promise<void> {
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

async function signUpFresh(page: Page): Promise<void> {
  await page.goto('/auth');
  await page
    .getByLabel('Email')
    .fill(`wallet-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`);
  await page.getByLabel('Password', { exact: true }).fill('correct horse 42');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Successfully logged in!')).toBeVisible();
}

test('a guest is told to sign up first; no wallet code loads on /', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/');
  const header = page.locator('header');
  await header.getByRole('button', { name: 'Connect Wallet' }).click();
  await expect(
    page.getByText('Please sign up with email first, then connect your wallet'),
  ).toBeVisible();
  expect(scripts.filter((u) => /WalletControl|ProfileWallet/.test(u))).toEqual([]);
});

test('connect, Sign-In with Ethereum, switch chain through the 4902 path, address on the profile', async ({
  page,
}) => {
  await injectWallet(page);
  await signUpFresh(page);
  const [address] = (await edr.provider.request({ method: 'eth_accounts' })) as string[];
  await page.goto('/profile');
  const card = page.locator('section[aria-labelledby="wallets-heading"]');
  await expect(
    card.getByText('No wallet is linked to this account.', { exact: false }),
  ).toBeVisible();
  await card.getByRole('button', { name: 'Connect Wallet' }).click();
  // connecting signs the server's EIP-4361 message with the EDR account; the server links it
  await expect(card.getByTestId('linked-wallet-address')).toHaveText(
    new RegExp(`^${address}$`, 'i'),
  );
  await expect(card.getByText('Ethereum Mainnet')).toBeVisible();

  // Polygon is not in the wallet yet: 4902, the catalogue message, and its Add action
  const walletButton = card.getByRole('button', { name: /^Wallet 0x/ });
  await walletButton.click();
  await card.getByRole('button', { name: 'Polygon' }).click();
  await expect(
    page.getByText('Chain 0x89 not added to wallet. Use addChain() first.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Add Polygon' }).click();
  await expect(walletButton).toHaveAccessibleName(/on Polygon$/);
  await expect(card.locator('dd', { hasText: 'Polygon' })).toBeVisible(); // preferred chain kept on the server

  // Arbitrum is known: a plain switch
  await walletButton.click();
  await card.getByRole('button', { name: 'Arbitrum One' }).click();
  await expect(walletButton).toHaveAccessibleName(/on Arbitrum One$/);

  // after a reload the wallet reconnects without a prompt and the link is read from the server
  await page.reload();
  await expect(card.getByTestId('linked-wallet-address')).toHaveText(
    new RegExp(`^${address}$`, 'i'),
  );
  await expect(card.locator('dd', { hasText: 'Arbitrum One' })).toBeVisible();
  await expect(page.locator('header').getByRole('link', { name: 'Community' })).toBeVisible();

  // the menu: Disconnect
  await card.getByRole('button', { name: /^Wallet 0x/ }).click();
  await card.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByText('Wallet disconnected')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Connect Wallet' })).toBeVisible();
});
