import { createFakeLens } from '../tests/wallet/lens/fakeLens';
import { expect, signUpFresh, test } from './fixtures';
import { practise } from './practise';
import { injectWallet, startEdr, type Edr } from './walletEdr';

/**
 * 'Also publish to Lens': a member with a linked wallet (hardhat's in-process EDR, see
 * ./walletEdr.ts) signs in to Lens on the profile as the Lens account that wallet owns, then
 * shares a post from /create-post with the option ticked. The community post is saved by the
 * real server; the Lens half goes to the in-process fake Lens API v3
 * (tests/wallet/lens/fakeLens.ts, serving the schema Lens publishes, so every document is
 * validated against the real API's types) that answers the Lens URL the server names
 * (playwright.config.ts sets VITE_LENS_API_URL to a path on this server that only the test
 * answers). Lens first refuses (the community post stays), then on Retry hands back a
 * transaction that the wallet sends to the EDR chain; the member sees the pending state until
 * the fake indexes it (it checks the chain for that transaction), then the post id.
 * What this does not prove: that the live Lens API answers the same, or Lens Chain itself.
 */

const LENS_PATH = '/e2e-fake-lens/graphql';
let edr: Edr;

test.beforeAll(async () => {
  edr = await startEdr();
});
test.afterAll(async () => {
  await edr?.close();
});

test('a member signed in to Lens publishes a community post that also reaches Lens', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await injectWallet(page, edr);
  await signUpFresh(page, 'wallet');
  await page.clock.install(); // the session's 80 s are fast-forwarded
  await practise(page);
  const lens = createFakeLens({
    chainId: 1, // the EDR chain the wallet is on
    readTransaction: async (hash) => {
      const tx = (await edr.provider.request({
        method: 'eth_getTransactionByHash',
        params: [hash],
      })) as { from: string; input: string } | null;
      return tx ? { from: tx.from, data: tx.input } : null;
    },
  });
  await context.route(`**${LENS_PATH}`, async (route) => {
    const req = route.request();
    const auth = (await req.headerValue('authorization')) ?? undefined;
    await route.fulfill({ json: await lens.answer(req.postData() ?? '', auth) });
  });
  const [address] = (await edr.provider.request({ method: 'eth_accounts' })) as string[];
  const lensAccount = lens.addAccount({ owner: address!, name: 'Calm Breather' });

  // Before any Lens sign-in the composer only points to the profile's Lens card.
  await page.goto('/create-post');
  await expect(page.getByRole('link', { name: 'sign in to Lens on your profile' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Also publish to Lens' })).toHaveCount(0);

  // Link the wallet (Sign-In with Ethereum), then sign in to Lens with it.
  await page.getByRole('link', { name: 'sign in to Lens on your profile' }).click();
  const card = page.locator('section[aria-labelledby="wallets-heading"]');
  await card.getByRole('button', { name: 'Connect Wallet' }).click();
  await expect(card.getByTestId('linked-wallet-address')).toHaveText(
    new RegExp(`^${address}$`, 'i'),
  );
  await card.getByRole('button', { name: 'Connect Lens' }).click();
  await expect(card.getByText('Calm Breather · 3 followers')).toBeVisible();

  // In-app navigation keeps this page's Lens session: Community, then Share your progress.
  await page.locator('header').getByRole('link', { name: 'Community' }).click();
  await page.getByRole('link', { name: 'Share your progress' }).first().click();
  const also = page.getByRole('checkbox', { name: 'Also publish to Lens' });
  await expect(also).not.toBeChecked();
  await also.check();
  const text = 'Eight calm rounds of mindful breathing, shared here and on Lens.';
  await page.getByRole('tab', { name: 'Editor' }).click();
  await page.getByLabel('Your post').fill(text);
  // Lens refuses this time: the community post is saved all the same.
  lens.faults.post = 'Lens is down for maintenance';
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(page.getByText('Posted to the Pneuma Community.')).toBeVisible();
  await expect(page.getByText('Not published to Lens: Lens is down for maintenance')).toBeVisible();
  expect(lens.published).toHaveLength(0);

  // Retry: Lens hands back a transaction for the wallet, which sends it to the chain; the
  // post has no id until Lens has indexed that transaction.
  lens.answers.post = 'selfFunded';
  lens.indexing.hold = true;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('Sent to Lens: waiting for it to be indexed')).toBeVisible();
  expect(lens.published).toHaveLength(1);
  const sent = lens.published[0]!;
  await expect.poll(() => sent.hash).toMatch(/^0x[0-9a-f]{64}$/);
  await expect(page.getByText(`Transaction ${sent.hash}`)).toBeVisible();
  const mined = (await edr.provider.request({
    method: 'eth_getTransactionReceipt',
    params: [sent.hash],
  })) as {
    from: string;
    status: string;
  };
  expect(mined.from.toLowerCase()).toBe(address!.toLowerCase());
  expect(mined.status).toBe('0x1');
  await expect(page.getByText('Also published to Lens')).toHaveCount(0);
  lens.indexing.hold = false;
  await expect(page.getByText('Also published to Lens')).toBeVisible();
  expect(sent.id).toMatch(/^\d+$/);
  await expect(page.getByText(`Lens post ${sent.id}.`)).toBeVisible();

  // The fake received one post, as the Lens account, whose content is the post.
  expect(sent.by).toBe(lensAccount);
  expect(sent.signer.toLowerCase()).toBe(address!.toLowerCase());
  const json = Buffer.from(
    sent.contentUri.replace(/^data:application\/json;base64,/, ''),
    'base64',
  );
  const metadata = JSON.parse(json.toString('utf8')) as { lens: { id: string; content: string } };
  expect(metadata.lens.content).toBe(text);
  expect(lens.seen.map((s) => s.operation).slice(0, 4)).toEqual([
    'AccountsAvailable',
    'ChallengeAsOwner',
    'Authenticate',
    'Account',
  ]);

  // The community post is on the server once, with the same id the Lens metadata carries, and
  // its card says it is also on Lens (the Lens post id is kept with it).
  await page.getByRole('link', { name: 'See it in the community' }).click();
  const post = page.getByTestId('post').filter({ hasText: text });
  await expect(post).toHaveCount(1);
  await expect(post).toHaveAttribute('aria-labelledby', `post-${metadata.lens.id}`);
  await expect(post.getByText('Also on Lens')).toBeVisible();
  await expect(post.getByText('Also on Lens')).toHaveAttribute('title', `Lens post ${sent.id}`);
});
