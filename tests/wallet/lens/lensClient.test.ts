/**
 * The Lens (social-wallet) client against an in-process fake GraphQL server.
 *
 * What this proves: every operation the app sends (challenge, authenticate, account, post,
 * comment, follow, unfollow, posts) is a valid GraphQL document with correctly typed
 * variables for the schema below (graphql-js parses, validates and executes it); the client
 * sends them to the configured URL; the challenge text is signed by the wallet (the fake
 * recovers the signer with ethers) and the returned access token is what later writes
 * carry; content is uploaded first and its URI is what post and comment send; posts page
 * with the server's cursor; a failed sign-in is 'Failed to connect to Lens' and writes
 * without a session are 'Not authenticated' before any request.
 *
 * What it does not prove: that the schema below is the live Lens API's. It is written from
 * the product document's description of the operations; the real network's field names,
 * unions and error shapes may differ, and nothing here talks to it.
 */
import { Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLensClient } from '../../../src/wallet/lens/lensClient';
import { MAX_UPLOAD_BYTES, uploadJson } from '../../../src/wallet/lens/upload';
import { startFakeLensServer, type FakeLens } from './fakeLens';

const uploads = new Map<string, string>();
let fake: FakeLens;
let url: string;
let close: () => Promise<void>;
let published: FakeLens['published'];
let seen: FakeLens['seen'];

beforeAll(async () => {
  ({ fake, url, close } = await startFakeLensServer());
  ({ published, seen } = fake);
});
afterAll(() => close());

function client() {
  return createLensClient({
    apiUrl: url,
    upload: (data) =>
      uploadJson(data, (json) => {
        const uri = `lens://content/${uploads.size + 1}`;
        uploads.set(uri, json);
        return Promise.resolve(uri);
      }),
  });
}

describe('Lens client on a fake GraphQL server', () => {
  it('signs in by challenge and signature, then writes with the access token', async () => {
    const wallet = Wallet.createRandom();
    const lens = client();
    await expect(lens.post({ content: 'x' })).rejects.toThrow('Not authenticated');
    await expect(lens.follow('0xabc')).rejects.toThrow('Not authenticated');
    await lens.login(wallet.address, (text) => wallet.signMessage(text));
    expect(lens.isAuthenticated()).toBe(true);

    const post = await lens.post({ content: 'Four rounds of box breathing' }, ['collect']);
    expect(post.id).toBe(`new-${published.length}`);
    const sent = published.at(-1)!;
    expect(JSON.parse(uploads.get(sent.contentUri)!)).toEqual({
      content: 'Four rounds of box breathing',
    });
    expect(sent.actions).toEqual(['collect']);
    const comment = await lens.comment(post.id, { content: 'Nice' });
    expect(published.at(-1)).toMatchObject({ commentOn: post.id });
    expect(comment.txHash).toBe('0x01');
    await lens.follow('0xabc');
    expect((await lens.account('0xabc'))?.operations?.isFollowedByMe).toBe(true);
    await lens.unfollow('0xabc');
    expect((await lens.account('0xabc'))?.operations?.isFollowedByMe).toBe(false);
    const writes = seen.filter((s) =>
      ['Post', 'Comment', 'Follow', 'Unfollow'].includes(s.operation),
    );
    expect(writes.every((s) => s.authorization === 'Bearer access-ch-1')).toBe(true);
    lens.logout();
    expect(lens.isAuthenticated()).toBe(false);
  });

  it('a signature by another key is refused: Failed to connect to Lens', async () => {
    const wallet = Wallet.createRandom();
    const lens = client();
    await expect(
      lens.login(wallet.address, (text) => Wallet.createRandom().signMessage(text)),
    ).rejects.toThrow('Failed to connect to Lens');
    expect(lens.isAuthenticated()).toBe(false);
  });

  it('reads an account with its metadata and stats, or null', async () => {
    const lens = client();
    const a = await lens.account('0xabc');
    expect(a).toMatchObject({
      username: 'calm',
      ownedBy: '0xabc',
      metadata: { name: 'Calm Breather' },
      stats: { posts: 45 },
    });
    expect(await lens.account('0x0000000000000000000000000000000000000000')).toBeNull();
  });

  it('pages posts 20 at a time with the cursor, latest or top reacted', async () => {
    const lens = client();
    const first = await lens.posts();
    expect(first.items).toHaveLength(20);
    expect(first.items[0]?.id).toBe('post-44');
    const second = await lens.posts({ cursor: first.pageInfo.next });
    const third = await lens.posts({ cursor: second.pageInfo.next });
    expect(third.items).toHaveLength(5);
    expect(third.pageInfo.next).toBeNull();
    expect(new Set([...first.items, ...second.items, ...third.items].map((p) => p.id)).size).toBe(
      45,
    );
    const top = await lens.posts({ orderBy: 'TOP_REACTED', limit: 3 });
    expect(top.items.map((p) => p.stats.reactions)).toEqual([6, 6, 6]);
  });

  it('an unreachable or non-GraphQL URL is an error, not a crash', async () => {
    const lens = createLensClient({
      apiUrl: `${url.replace('/graphql', '')}:1/none`,
      upload: () => Promise.resolve('x'),
    });
    await expect(lens.posts()).rejects.toThrow();
  });
});

describe('content upload', () => {
  it('refuses empty content and content over 10 MB; falls back to a data URI', async () => {
    await expect(uploadJson({}, () => Promise.resolve('u'))).rejects.toThrow('empty');
    const big = { text: 'x'.repeat(MAX_UPLOAD_BYTES) };
    await expect(uploadJson(big, () => Promise.resolve('u'))).rejects.toThrow(
      'Data exceeds 10MB size limit',
    );
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    await expect(uploadJson(cyclic, () => Promise.resolve('u'))).rejects.toThrow(
      'cannot be serialised',
    );
    const uri = await uploadJson({ a: 1 }, () => Promise.reject(new Error('storage down')));
    expect(uri).toBe(`data:application/json;base64,${btoa('{"a":1}')}`);
  });
});
