/**
 * Publishing a community post to Lens as well, against the in-process fake Lens GraphQL
 * server (./fakeLens.ts, graphql-js validating every document).
 *
 * What this proves: a signed-in session uploads the post as Lens text-only metadata (the
 * community post's id and text) before the post mutation, sends that content's URI with
 * the access token of the wallet that signed in, and gets the new post's id back; offline
 * and signed-out publishing send nothing at all; a refusal by the server or an unreachable
 * API comes back as 'Not published to Lens: <reason>' and never as a thrown error (so the
 * composer's community post is untouched).
 *
 * What it does not prove: that the live Lens API accepts this metadata and these documents
 * (the schema is written from the product document, not taken from Lens), nor anything on
 * chain: the fake's ids and transaction hashes are made up.
 */
import { Wallet } from 'ethers';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLensClient } from '../../../src/wallet/lens/lensClient';
import {
  LENS_TEXT_ONLY_SCHEMA,
  lensPostContent,
  publishToLens,
} from '../../../src/wallet/lens/publish';
import { uploadJson } from '../../../src/wallet/lens/upload';
import { startFakeLensServer, type FakeLens } from './fakeLens';

let fake: FakeLens;
let url: string;
let close: () => Promise<void>;
const uploads = new Map<string, string>();

beforeAll(async () => {
  ({ fake, url, close } = await startFakeLensServer());
});
afterAll(() => close());
beforeEach(() => {
  fake.seen.length = 0;
});

function client(apiUrl = url) {
  return createLensClient({
    apiUrl,
    upload: (data) =>
      uploadJson(data, (json) => {
        const uri = `lens://content/${uploads.size + 1}`;
        uploads.set(uri, json);
        return Promise.resolve(uri);
      }),
  });
}

async function signedIn() {
  const wallet = Wallet.createRandom();
  const lens = client();
  await lens.login(wallet.address, (text) => wallet.signMessage(text));
  return { wallet, lens };
}

const post = { id: '6f1c1f9e-3d7b-4c38-9d6e-5a1f2b3c4d5e', content: 'Four rounds of box breathing.' };

describe('publishing a community post to Lens', () => {
  it('uploads the text-only metadata first, then posts its URI as the signed-in wallet', async () => {
    const { wallet, lens } = await signedIn();
    const before = fake.published.length;
    const result = await publishToLens(lens, post, true);
    expect(result).toEqual({
      status: 'published',
      id: `new-${before + 1}`,
      txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) as unknown as string,
    });
    const sent = fake.published.at(-1)!;
    expect(sent.by).toBe(wallet.address);
    expect(JSON.parse(uploads.get(sent.contentUri)!)).toEqual({
      $schema: LENS_TEXT_ONLY_SCHEMA,
      lens: { id: post.id, content: post.content, locale: 'en', mainContentFocus: 'TEXT_ONLY' },
    });
    expect(fake.seen.at(-1)).toEqual({ operation: 'Post', authorization: 'Bearer access-ch-1' });
  });

  it('offline: nothing is sent', async () => {
    const { lens } = await signedIn();
    const before = fake.published.length;
    fake.seen.length = 0;
    expect(await publishToLens(lens, post, false)).toEqual({ status: 'offline' });
    expect(fake.published.length).toBe(before);
    expect(fake.seen).toEqual([]);
  });

  it('without a Lens session: not published, and no request is made', async () => {
    const before = fake.published.length;
    expect(await publishToLens(client(), post, true)).toEqual({
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
    expect(await publishToLens(lens, post, true)).toEqual({
      status: 'failed',
      message: 'Not published to Lens: Account is not allowed to post',
    });
    expect(fake.published.length).toBe(before);
    expect((await publishToLens(lens, post, true)).status).toBe('published');
    expect(fake.published.length).toBe(before + 1);
  });

  it('a lost connection is a failure, not a thrown error', async () => {
    const wallet = Wallet.createRandom();
    let cut = false; // the connection drops after the sign-in
    const lens = createLensClient({
      apiUrl: url,
      fetch: (input, init) =>
        cut ? Promise.reject(new TypeError('fetch failed')) : fetch(input, init),
      upload: () => Promise.resolve('lens://content/x'),
    });
    await lens.login(wallet.address, (text) => wallet.signMessage(text));
    cut = true;
    expect(await publishToLens(lens, post, true)).toEqual({
      status: 'failed',
      message: 'Not published to Lens: fetch failed',
    });
  });

  it('the metadata carries the post as written (locale given or English)', () => {
    expect(lensPostContent({ ...post, locale: 'de' })).toMatchObject({ lens: { locale: 'de' } });
  });
});
