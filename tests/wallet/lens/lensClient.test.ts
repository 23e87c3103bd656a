/**
 * The Lens v3 client against the in-process fake (./fakeLens.ts) that serves the schema Lens
 * publishes (pinned in @lens-protocol/graphql), so every request here was also validated and
 * executed against the real API's types, one-of inputs and unions.
 *
 * What this proves: sign-in is to a Lens account the wallet owns or manages (looked up with
 * accountsAvailable), by a challenge for that account signed by the wallet; each branch of the
 * authenticate union (tokens, WrongSignerError, ExpiredChallengeError, ForbiddenError) comes
 * back with its own message; writes carry the access token; a post answers a hash Lens relayed,
 * a transaction for the wallet (here an ethers wallet signing offline, "broadcast" into a
 * pretend chain the fake reads), or a refusal with its reason, and has a post id only once
 * indexed; a comment is a post with commentOn; follow and unfollow change isFollowedByMe and
 * the accountStats counts; the feed pages by cursor; custom scalars are checked before sending.
 *
 * What it does not prove: the live API's answers (messages, rules, indexing times), nor a
 * real chain (the unit chain is a map of signed transactions; the browser test uses hardhat's).
 */
import { Wallet } from 'ethers';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LENS_TEXT } from '../../../src/domain/wallet/lensText';
import { createLensClient } from '../../../src/wallet/lens/lensClient';
import { LensScalarError, txHash, type Cursor } from '../../../src/wallet/lens/scalars';
import { MAX_UPLOAD_BYTES, uploadJson } from '../../../src/wallet/lens/upload';
import { createFakeLens, SPONSOR, startFakeLensServer, type FakeLens } from './fakeLens';
import { createPretendChain } from './pretendChain';

const chain = createPretendChain();
const uploads = new Map<string, string>();
let fake: FakeLens;
let url: string;
let close: () => Promise<void>;

beforeAll(async () => {
  const lens = createFakeLens({ chainId: 37111, readTransaction: chain.readTransaction });
  ({ fake, url, close } = await startFakeLensServer(lens));
});
afterAll(() => close());
beforeEach(() => {
  fake.answers.post = 'relay';
  fake.answers.follow = 'relay';
  fake.indexing.hold = false;
  fake.indexing.indexAfterPolls = 1;
});

function client() {
  return createLensClient({
    apiUrl: url,
    sleep: () => Promise.resolve(),
    upload: (data) =>
      uploadJson(data, (json) => {
        const uri = `lens://content-${uploads.size + 1}`;
        uploads.set(uri, json);
        return Promise.resolve(uri);
      }),
  });
}

/** A wallet that owns a Lens account, signed in as it. */
async function signedIn(opts: { name?: string } = {}) {
  const wallet = Wallet.createRandom();
  const account = fake.addAccount({ owner: wallet.address, name: opts.name });
  const lens = client();
  const [choice] = await lens.accountsAvailable(wallet.address);
  expect(await lens.login(wallet.address, choice!, (t) => wallet.signMessage(t))).toEqual({
    status: 'signed-in',
  });
  return { wallet, account, lens };
}

describe('Lens v3 sign-in', () => {
  it('finds the accounts the wallet owns or manages and signs in as one of them', async () => {
    const owner = Wallet.createRandom();
    const manager = Wallet.createRandom();
    const mine = fake.addAccount({ owner: owner.address, name: 'Mine' });
    const managed = fake.addAccount({
      owner: Wallet.createRandom().address,
      managers: [owner.address],
      name: 'Studio',
    });
    const lens = client();
    const available = await lens.accountsAvailable(owner.address);
    expect(available.map((a) => [a.account.address, a.role])).toEqual([
      [mine, 'owner'],
      [managed, 'manager'],
    ]);
    expect(await lens.accountsAvailable(manager.address)).toEqual([]);

    const asManager = available.find((a) => a.role === 'manager')!;
    expect(await lens.login(owner.address, asManager, (t) => owner.signMessage(t))).toEqual({
      status: 'signed-in',
    });
    expect(lens.isAuthenticated()).toBe(true);
    expect(fake.seen.at(-2)?.operation).toBe('ChallengeAsManager');
    await lens.follow(mine);
    expect(fake.seen.at(-1)?.authorization).toMatch(/^Bearer access-/);
  });

  it('answers each branch of the authenticate union with its own message', async () => {
    const wallet = Wallet.createRandom();
    const account = fake.addAccount({ owner: wallet.address });
    const lens = client();
    const [choice] = await lens.accountsAvailable(wallet.address);

    const wrong = await lens.login(wallet.address, choice!, (t) =>
      Wallet.createRandom().signMessage(t),
    );
    expect(wrong).toEqual({
      status: 'refused',
      branch: 'WrongSignerError',
      message: `${LENS_TEXT.wrongSigner}: Signature was not signed by the expected signer`,
    });

    // A wallet claiming to own someone else's account signs its own challenge: Forbidden.
    const stranger = Wallet.createRandom();
    const forbidden = await lens.login(stranger.address, choice!, (t) => stranger.signMessage(t));
    expect(forbidden).toMatchObject({ status: 'refused', branch: 'ForbiddenError' });
    expect(forbidden.status === 'refused' && forbidden.message).toMatch(
      /^Lens refused the sign-in: /,
    );

    const other = createFakeLens();
    const otherAccount = other.addAccount({ owner: wallet.address });
    const server = await startFakeLensServer(other);
    try {
      other.expireChallenges();
      const late = createLensClient({ apiUrl: server.url, upload: () => Promise.resolve('x') });
      const [c] = await late.accountsAvailable(wallet.address);
      expect(c!.account.address).toBe(otherAccount);
      expect(await late.login(wallet.address, c!, (t) => wallet.signMessage(t))).toEqual({
        status: 'refused',
        branch: 'ExpiredChallengeError',
        message: LENS_TEXT.expiredChallenge,
      });
      expect(late.isAuthenticated()).toBe(false);
    } finally {
      await server.close();
    }
    expect(lens.isAuthenticated()).toBe(false);
    expect(account).toBe(choice!.account.address);
  });

  it('a failed exchange (the wallet refuses to sign) is "Failed to connect to Lens"', async () => {
    const wallet = Wallet.createRandom();
    fake.addAccount({ owner: wallet.address });
    const lens = client();
    const [choice] = await lens.accountsAvailable(wallet.address);
    await expect(
      lens.login(wallet.address, choice!, () => Promise.reject(new Error('User rejected'))),
    ).rejects.toThrow('Failed to connect to Lens');
  });

  it('renews an expired access token once with the refresh token (UNAUTHENTICATED), as the Lens SDK does', async () => {
    const wallet = Wallet.createRandom();
    fake.addAccount({ owner: wallet.address });
    const kept: string[] = [];
    const lens = createLensClient({
      apiUrl: url,
      upload: () => Promise.resolve('lens://content-x'),
      onTokens: (t) => kept.push(t.accessToken),
    });
    const [choice] = await lens.accountsAvailable(wallet.address);
    await lens.login(wallet.address, choice!, (t) => wallet.signMessage(t));
    expect(kept).toHaveLength(1);
    fake.expireSessions();
    expect((await lens.post({ content: 'after a while' })).status).toBe('sent');
    expect(fake.seen.slice(-3).map((s) => s.operation)).toEqual(['Post', 'Refresh', 'Post']);
    expect(kept).toHaveLength(2);
    expect(lens.session()?.accessToken).toBe(kept[1]);
    // A refused renewal ends the session.
    fake.expireSessions();
    fake.revokeRefreshTokens();
    await expect(lens.post({ content: 'x' })).rejects.toThrow('Not authenticated');
    expect(lens.isAuthenticated()).toBe(false);
  });

  it('checks scalars before sending and refuses writes without a session', async () => {
    const lens = client();
    const before = fake.seen.length;
    await expect(lens.accountsAvailable('not-an-address')).rejects.toBeInstanceOf(LensScalarError);
    await expect(lens.post({ content: 'x' })).rejects.toThrow('Not authenticated');
    await expect(lens.follow('0x00000000000000000000000000000000000000ab')).rejects.toThrow(
      'Not authenticated',
    );
    expect(fake.seen.length).toBe(before);
    expect(() => txHash('0x12')).toThrow(LensScalarError);
  });
});

describe('Lens v3 writes', () => {
  it('a post relayed by Lens has no id until indexed, then its id', async () => {
    const { lens, account } = await signedIn();
    fake.indexing.hold = true;
    const sent = await lens.post({ content: 'Four rounds of box breathing' });
    expect(sent.status).toBe('sent');
    const hash = sent.status === 'sent' ? sent.hash : txHash('');
    expect(await lens.transactionStatus(hash)).toEqual({ status: 'not-yet' });
    expect(await lens.postIdOf(hash)).toBeNull();
    expect(await lens.waitForIndexing(hash, { pollMs: 1, timeoutMs: 3 })).toEqual({
      status: 'not-yet',
    });
    fake.indexing.hold = false;
    expect(await lens.waitForIndexing(hash)).toEqual({ status: 'indexed' });
    const id = await lens.postIdOf(hash);
    expect(id).toMatch(/^\d+$/);
    const item = fake.published.at(-1)!;
    expect(item).toMatchObject({ by: account, id });
    expect(JSON.parse(uploads.get(item.contentUri)!)).toEqual({
      content: 'Four rounds of box breathing',
    });
  });

  it('a post Lens returns as a transaction is sent by the wallet, then indexed', async () => {
    const { lens, wallet } = await signedIn();
    fake.answers.post = 'selfFunded';
    const answer = await lens.post({ content: 'Signed by me' });
    expect(answer.status).toBe('sign');
    if (answer.status !== 'sign') return;
    expect(answer.reason).toBe('Sponsorship is not available for this app');
    expect(answer.transaction).toMatchObject({ from: wallet.address, chainId: 37111, value: '0' });
    const hash = txHash(await chain.send(wallet, answer.transaction));
    expect(await lens.waitForIndexing(hash)).toEqual({ status: 'indexed' });
    expect(await lens.postIdOf(hash)).toBe(fake.published.at(-1)!.id);
    // A transaction the chain does not show stays not indexed.
    const unknown = txHash(`0x${'ab'.repeat(32)}`);
    expect(await lens.transactionStatus(unknown)).toEqual({ status: 'not-yet' });
  });

  it('a failed transaction says so with its reason', async () => {
    const { lens } = await signedIn();
    const sent = await lens.post({ content: 'x' });
    fake.indexing.failNext = 'out of gas';
    expect(await lens.waitForIndexing((sent as { hash: ReturnType<typeof txHash> }).hash)).toEqual({
      status: 'failed',
      message: `${LENS_TEXT.txFailed}: out of gas`,
    });
  });

  it('a sponsored post is a zkSync EIP-712 transaction the wallet signs (the paymaster pays), then indexed', async () => {
    const { lens, wallet } = await signedIn();
    fake.answers.post = 'sponsored';
    const answer = await lens.post({ content: 'Sponsored' });
    if (answer.status !== 'sign')
      throw new Error(`expected a transaction to sign, got ${answer.status}`);
    expect(answer.transaction).toMatchObject({
      kind: 'eip712',
      from: wallet.address,
      chainId: 37111,
      paymaster: SPONSOR,
      factoryDeps: [],
    });
    const hash = txHash(await chain.send(wallet, answer.transaction));
    expect(await lens.waitForIndexing(hash)).toEqual({ status: 'indexed' });
    expect(await lens.postIdOf(hash)).toBe(fake.published.at(-1)!.id);
  });

  it.each([
    ['willFail', LENS_TEXT.willFail],
    ['refused', LENS_TEXT.postRefused],
  ] as const)('a %s answer to a post is a refusal with its reason', async (kind, line) => {
    const { lens } = await signedIn();
    fake.answers.post = kind;
    expect(await lens.post({ content: 'x' })).toEqual({
      status: 'refused',
      message: `${line}: The fake says no`,
    });
  });

  it('a comment is a post with commentOn', async () => {
    const { lens } = await signedIn();
    const first = await lens.post({ content: 'Root' });
    await lens.waitForIndexing((first as { hash: ReturnType<typeof txHash> }).hash);
    const root = fake.published.at(-1)!.id!;
    const comment = await lens.comment(root, { content: 'Nice' });
    expect(comment.status).toBe('sent');
    expect(fake.published.at(-1)).toMatchObject({ commentOn: root });
    expect(fake.seen.at(-1)?.operation).toBe('Comment');
    await expect(lens.comment('post-1', { content: 'x' })).rejects.toBeInstanceOf(LensScalarError);
  });

  it('follow and unfollow change isFollowedByMe and the follower count from accountStats', async () => {
    const { lens } = await signedIn();
    const other = fake.addAccount({
      owner: Wallet.createRandom().address,
      name: 'Other',
      username: 'other',
    });
    const before = await lens.account(other);
    expect(before).toMatchObject({
      address: other,
      username: 'other',
      metadata: { name: 'Other' },
      isFollowedByMe: false,
    });
    expect((await lens.follow(other)).status).toBe('sent');
    const after = await lens.account(other);
    expect(after?.isFollowedByMe).toBe(true);
    expect(after!.stats!.followers).toBe(before!.stats!.followers + 1);
    expect((await lens.unfollow(other)).status).toBe('sent');
    expect((await lens.account(other))?.isFollowedByMe).toBe(false);
    fake.answers.follow = 'refused';
    expect(await lens.follow(other)).toEqual({
      status: 'refused',
      message: `${LENS_TEXT.followRefused}: The fake says no`,
    });
    fake.answers.follow = 'selfFunded';
    expect((await lens.unfollow(other)).status).toBe('sign');
    expect(await lens.account('0x000000000000000000000000000000000000dEaD')).toBeNull();
  });
});

describe('Lens v3 feed', () => {
  it('pages by cursor, ten at a time, to the end', async () => {
    const lens = client();
    const total = fake.feed.length;
    const ids: string[] = [];
    let cursor: Cursor | null = null;
    let pages = 0;
    do {
      const page = await lens.posts({ cursor });
      expect(page.items.length).toBeLessThanOrEqual(10);
      ids.push(...page.items.map((p) => p.id));
      cursor = page.pageInfo.next;
      pages += 1;
    } while (cursor && pages < 20);
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size).toBe(total);
    expect(pages).toBe(Math.ceil(total / 10));
    const big = await lens.posts({ pageSize: 'FIFTY' });
    expect(big.items[0]).toMatchObject({ kind: 'Post', content: expect.any(String) as string });
    expect(big.items.map((p) => p.id)).toEqual(ids.slice(0, Math.min(50, total)));
  });

  it('an unreachable URL is an error, not a crash', async () => {
    const lens = createLensClient({
      apiUrl: 'http://127.0.0.1:1/none',
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
