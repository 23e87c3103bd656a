import { expectNoSeriousA11yViolations } from './a11y';
import { expect, signUpFresh, test } from './fixtures';

/**
 * Pattern tokens against `npm start` in Chromium, without a Flow wallet (none can run here):
 * a creator publishes a pattern and records a sealed mint through the API (as the mint
 * section does after the wallet's transaction seals); their creator hub lists the mint and
 * says why minting is not available in this build (it names no BreathingPatternNFT
 * address), and the pattern's marketplace card shows the token id and owner to everyone.
 */

const OWNER = '0x1122334455667788';

test('a recorded mint shows in the creator hub and on the marketplace card', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const name = `Token Tide ${Math.floor(Math.random() * 1e6)}`;
  await signUpFresh(page, 'tokens-a');
  const accessToken = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => /^sb-.*-auth-token$/.test(k));
    return key
      ? (JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token
      : undefined;
  });
  expect(accessToken).toBeTruthy();
  const { supabaseAnonKey } = (await (await request.get('/config.json')).json()) as {
    supabaseAnonKey: string;
  };
  const headers = { apikey: supabaseAnonKey, authorization: `Bearer ${accessToken}` };
  const post = async <T>(path: string, data: unknown): Promise<T> => {
    const res = await request.post(path, { headers, data });
    expect(res.ok(), await res.text()).toBe(true);
    return (await res.json()) as T;
  };

  const { pattern } = await post<{ pattern: { id: string } }>('/api/market/patterns', {
    sourcePatternId: crypto.randomUUID(),
    name,
    description: 'Minted in the test',
    inhale: 4,
    hold: 2,
    exhale: 6,
    hold_after_exhale: 0,
    category: 'sleep',
    difficulty: 'Beginner',
    benefits: [],
  });
  const { mint } = await post<{ mint: { id: string } }>('/api/flow/mint-pattern', {
    patternId: pattern.id,
    network: 'testnet',
    recipient: OWNER,
    royalties: [{ receiver: OWNER, percent: 5 }],
  });
  await post(`/api/flow/mint-pattern/${mint.id}/result`, {
    status: 'sealed',
    txId: 'ab'.repeat(32),
    tokenIds: ['4242'],
    owner: OWNER,
  });

  await page.goto('/creator-dashboard');
  const mints = page.getByRole('region', { name: 'Mints' });
  await expect(mints.getByRole('note')).toContainText(
    'Minting pattern tokens is not offered here.',
  );
  const history = mints.getByRole('region', { name: 'Your mints' });
  await expect(history).toContainText(name);
  await expect(history).toContainText('Sealed');
  await expect(history).toContainText('Token #4242 · owner 0x1122');
  await expectNoSeriousA11yViolations(page, '/creator-dashboard');

  // Everyone sees the token on the pattern's card, a guest too.
  const guest = await page.context().browser()!.newContext();
  try {
    const g = await guest.newPage();
    await g.goto('/marketplace');
    await g.getByLabel('Search patterns').fill(name);
    const card = g.getByRole('article', { name });
    await expect(card).toContainText(
      'Token #4242 · owner 0x1122 (reported by the creator, testnet)',
    );
    await expectNoSeriousA11yViolations(g, '/marketplace');
  } finally {
    await guest.close();
  }
});
