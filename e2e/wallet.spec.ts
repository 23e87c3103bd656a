import { expect, gotoHydrated, signUpFresh, test } from './fixtures';
import { injectWallet, startEdr, type Edr } from './walletEdr';

/**
 * The wallet against a real EVM (./walletEdr.ts: hardhat's in-process EDR behind an
 * injected EIP-1193 wallet). The server verifies the signature, the domain and the nonce
 * for real (server/wallet).
 */

let edr: Edr;

test.beforeAll(async () => {
  edr = await startEdr();
});
test.afterAll(async () => {
  await edr?.close();
});

test('a guest meets no wallet: none in the header or the menu, and no wallet code loads on /', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoHydrated(page, '/');
  await expect(page.locator('header').getByRole('button', { name: 'Connect Wallet' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByRole('link', { name: 'Settings' })).toBeVisible();
  await expect(menu.getByRole('heading', { name: 'Wallet' })).toHaveCount(0);
  await expect(menu.getByRole('button', { name: 'Connect Wallet' })).toHaveCount(0);
  expect(scripts.filter((u) => /WalletControl|ProfileWallet/.test(u))).toEqual([]);
});

test('connect, Sign-In with Ethereum, switch chain through the 4902 path, address on the profile', async ({
  page,
}) => {
  await injectWallet(page, edr);
  await signUpFresh(page, 'wallet');
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
