/**
 * Publishing a community post to Lens as well, against the in-process fake Lens API v3
 * (./fakeLens.ts, serving the schema Lens publishes).
 *
 * What this proves: a signed-in session uploads the post as Lens text-only metadata (the
 * community post's id and text) before the post mutation and sends that content's URI with
 * the session's access token; when Lens relays the transaction the result is pending until
 * indexing finishes and only then carries the post id; when Lens asks the wallet to send the
 * transaction, the wallet is asked (onSign), its hash is followed the same way; a transaction
 * still not indexed at the end of the wait is 'pending' (no id, nothing invented); a failed
 * transaction, a refusal of any union branch, a GraphQL error or a lost connection comes back
 * as 'Not published to Lens: <reason>', never as a thrown error; offline and signed-out
 * publishing send nothing.
 *
 * What it does not prove: that the live Lens API accepts this metadata and indexes as the fake
 * does, nor anything on a real chain (the wallet here is an offline ethers signer).
 */
import { Wallet } from 'ethers';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LENS_TEXT } from '../../../src/domain/wallet/lensText';
import { createLensClient, type LensTransaction } from '../../../src/wallet/lens/lensClient';
import {
  LENS_TEXT_ONLY_SCHEMA,
  publishToLens,
} from '../../../src/wallet/lens/publish';
import { uploadJson } from '../../../src/wallet/lens/upload';
import { createFakeLens, startFakeLensServer, type FakeLens } from './fakeLens';
import { createPretendChain } from './pretendChain';

let fake: FakeLens;
let url: string;
let close: () => Promise<void>;
const uploads = new Map<string, string>();

const chain = createPretendChain();

beforeAll(async () => {
  ({ fake, url, close } = await startFakeLensServer(
    createFakeLens({ readTransaction: chain.readTransaction }),
  ));
});
afterAll(() => close());
beforeEach(() => {
  fake.seen.length = 0;
  fake.answers.post = 'relay';
  fake.indexing.hold = false;
});

function client(apiUrl = url) {
  return createLensClient({
    apiUrl,
    sleep: () => Promise.resolve(),
    upload: (data) =>
      uploadJson(data, (json) => {
        const uri = `lens://content/${uploads.size + 1}`;
        uploads.set(uri, json);
        return Promise.resolve(uri);
      }),
  });
}

async function signedIn(lens = client()) {
  const wallet = Wallet.createRandom();
  const account = fake.addAccount({ owner: wallet.address });
  const [choice] = await lens.accountsAvailable(wallet.address);
  await lens.login(wallet.address, choice!, (text) => wallet.signMessage(text));
  return { wallet, lens, account };
}

const noWallet = { sendTransaction: () => Promise.reject(new Error('no wallet in this test')) };

const post = {
  id: '6f1c1f9e-3d7b-4c38-9d6e-5a1f2b3c4d5e',
  content: 'Four rounds of box breathing.',
};

describe('publishing a community post to Lens', () => {
  it('uploads the text-only metadata first, posts its URI as the account, and has an id once indexed', async () => {
    const { lens, account } = await signedIn();
    const onPending = vi.fn();
    const result = await publishToLens(lens, post, true, { ...noWallet, onPending });
    const sent = fake.published.at(-1)!;
    expect(result).toEqual({ status: 'published', id: sent.id, txHash: sent.hash });
    expect(sent.id).toMatch(/^\d+$/);
    expect(onPending).toHaveBeenCalledWith(sent.hash);
    expect(sent.by).toBe(account);
    expect(JSON.parse(uploads.get(sent.contentUri)!)).toEqual({
      $schema: LENS_TEXT_ONLY_SCHEMA,
      lens: { id: post.id, content: post.content, locale: 'en', mainContentFocus: 'TEXT_ONLY' },
    });
    expect(fake.seen.map((x) => x.operation).slice(-3)).toEqual([
      'Post',
      'TransactionStatus',
      'PostByTransaction',
    ]);
    expect(fake.seen.at(-3)?.authorization).toMatch(/^Bearer access-/);
  });

  it('a transaction to sign: the wallet sends it, then the post id once indexed', async () => {
    const { lens, wallet } = await signedIn();
    fake.answers.post = 'selfFunded';
    const onSign = vi.fn();
    const onPending = vi.fn();
    const sendTransaction = vi.fn((tx: LensTransaction) => chain.send(wallet, tx));
    const result = await publishToLens(lens, post, true, { sendTransaction, onSign, onPending });
    expect(onSign).toHaveBeenCalledTimes(1);
    expect(sendTransaction).toHaveBeenCalledWith(expect.objectContaining({ from: wallet.address }));
    const sent = fake.published.at(-1)!;
    expect(onPending).toHaveBeenCalledWith(sent.hash);
    expect(result).toEqual({ status: 'published', id: sent.id, txHash: sent.hash });
  });

  it('a sponsored transaction: the wallet signs it (zkSync EIP-712), then the post id once indexed', async () => {
    const { lens, wallet } = await signedIn();
    fake.answers.post = 'sponsored';
    const sendTransaction = vi.fn((tx: LensTransaction) => chain.send(wallet, tx));
    const result = await publishToLens(lens, post, true, { sendTransaction });
    expect(sendTransaction).toHaveBeenCalledWith(expect.objectContaining({ kind: 'eip712' }));
    const sent = fake.published.at(-1)!;
    expect(result).toEqual({ status: 'published', id: sent.id, txHash: sent.hash });
  });

  it('a wallet that refuses to sign: not published, with the reason', async () => {
    const { lens } = await signedIn();
    fake.answers.post = 'selfFunded';
    const result = await publishToLens(lens, post, true, {
      sendTransaction: () => Promise.reject(new Error('User rejected the request')),
    });
    expect(result).toEqual({
      status: 'failed',
      message: 'Not published to Lens: User rejected the request',
    });
  });

  it('still not indexed at the end of the wait: pending, with no id', async () => {
    const { lens } = await signedIn();
    fake.indexing.hold = true;
    const result = await publishToLens(lens, post, true, { ...noWallet, pollMs: 1, timeoutMs: 5 });
    expect(result).toEqual({ status: 'pending', txHash: fake.published.at(-1)!.hash });
    expect(fake.published.at(-1)!.id).toBeNull();
  });

  it('a failed transaction and each refusing branch say why', async () => {
    const { lens } = await signedIn();
    fake.indexing.failNext = 'execution reverted';
    expect(await publishToLens(lens, post, true, noWallet)).toEqual({
      status: 'failed',
      message: `Not published to Lens: ${LENS_TEXT.txFailed}: execution reverted`,
    });
    fake.answers.post = 'willFail';
    expect(await publishToLens(lens, post, true, noWallet)).toEqual({
      status: 'failed',
      message: `Not published to Lens: ${LENS_TEXT.willFail}: The fake says no`,
    });
  });

  it('offline: nothing is sent', async () => {
    const { lens } = await signedIn();
    const before = fake.published.length;
    fake.seen.length = 0;
    expect(await publishToLens(lens, post, false, noWallet)).toEqual({ status: 'offline' });
    expect(fake.published.length).toBe(before);
    expect(fake.seen).toEqual([]);
  });

  it('without a Lens session: not published, and no request is made', async () => {
    const before = fake.published.length;
    expect(await publishToLens(client(), post, true, noWallet)).toEqual({
      status: 'failed',
      message: 'Not published to Lens: Not authenticated',
    });
    expect(fake.published.length).toBe(before);
    expect(fake.seen).toEqual([]);
  });

  it("the server's refusal is reported with its reason; a second try goes through", async () => {
    const { lens } = await signedIn();
    const before = fake.published.length;
    fake.faults.post = 'Account is not allowed to post';
    expect(await publishToLens(lens, post, true, noWallet)).toEqual({
      status: 'failed',
      message: 'Not published to Lens: Account is not allowed to post',
    });
    expect(fake.published.length).toBe(before);
    expect((await publishToLens(lens, post, true, noWallet)).status).toBe('published');
    expect(fake.published.length).toBe(before + 1);
  });

  it('a lost connection is a failure, not a thrown error', async () => {
    let cut = false; // the connection drops after the sign-in
    const lens = createLensClient({
      apiUrl: url,
      fetch: (input, init) =>
        cut ? Promise.reject(new TypeError('fetch failed')) : fetch(input, init),
      upload: () => Promise.resolve('lens://content/x'),
    });
    await signedIn(lens);
    cut = true;
    expect(await publishToLens(lens, post, true, noWallet)).toEqual({
      status: 'failed',
      message: 'Not published to Lens: fetch failed',
    });
  });

  it('the metadata carries the post as written (locale given or English)', async () => {
    const sent: unknown[] = [];
    const client = {
      post: (content: Record<string, unknown>) => {
        sent.push(content);
        return Promise.resolve({ status: 'refused' as const, message: 'not now' });
      },
      waitForIndexing: () => Promise.reject(new Error('not asked')),
      postIdOf: () => Promise.reject(new Error('not asked')),
    };
    await publishToLens(client, { ...post, locale: 'de' }, true, noWallet);
    await publishToLens(client, { ...post, locale: undefined }, true, noWallet);
    expect(sent).toMatchObject([
      { lens: { id: post.id, content: post.content, locale: 'de', mainContentFocus: 'TEXT_ONLY' } },
      { lens: { locale: 'en' } },
    ]);
  });
});
