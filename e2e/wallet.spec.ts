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

test.describe('offline before anything is cached', () => {
  test.use({ serviceWorkers: 'block' });
  test('a guest pressing Connect Wallet still reads why it needs an account', async ({
    page,
    context,
  }) => {
    await gotoHydrated(page, '/'); // the app itself has started; its wallet chunk has not loaded
    await context.setOffline(true); // no chunk can load from here on
    const connect = page.locator('header').getByRole('button', { name: 'Connect Wallet' });
    await connect.click();
    // The toaster's chunk cannot load: the reason shows inline instead, and the page stays.
    const inline = page.locator('header').getByRole('alert');
    await expect(inline).toHaveText('Please sign up with email first, then connect your wallet');
    await expect(page.getByRole('heading', { name: 'Transform your breathing' })).toBeVisible();
    // Back online, the next press loads the toaster and shows the reason as a toast.
    await context.setOffline(false);
    await expect(inline).toBeHidden({ timeout: 15_000 });
    await connect.click();
    await expect(
      page.getByRole('region', { name: /Notifications/ }).getByText('Please sign up with email first, then connect your wallet'),
    ).toBeVisible();
  });
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
