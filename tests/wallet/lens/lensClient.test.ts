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
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Wallet, verifyMessage } from 'ethers';
import { buildSchema, graphql } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLensClient } from '../../../src/wallet/lens/lensClient';
import { MAX_UPLOAD_BYTES, uploadJson } from '../../../src/wallet/lens/upload';

const schema = buildSchema(`
  input ChallengeRequest { address: String! }
  input AuthenticateRequest { id: String!, signature: String! }
  input AccountRequest { address: String! }
  input PostRequest { contentUri: String!, actions: [String!] }
  input CommentRequest { commentOn: String!, contentUri: String! }
  input FollowRequest { account: String! }
  enum PostsOrderBy { LATEST TOP_REACTED }
  input PostsRequest { limit: Int!, orderBy: PostsOrderBy!, cursor: String }
  type Challenge { id: String!, text: String! }
  type Tokens { accessToken: String!, refreshToken: String! }
  type Metadata { name: String, bio: String, picture: String }
  type AccountStats { followers: Int!, following: Int!, posts: Int! }
  type Operations { canFollow: Boolean!, isFollowedByMe: Boolean! }
  type Account { address: String!, username: String, ownedBy: String!, metadata: Metadata, stats: AccountStats!, operations: Operations }
  type PostResult { id: String!, txHash: String! }
  type TxResult { txHash: String! }
  type Author { address: String!, username: String }
  type PostStats { comments: Int!, reposts: Int!, quotes: Int!, reactions: Int!, collects: Int!, bookmarks: Int! }
  type Post { id: String!, content: String!, timestamp: String!, author: Author!, stats: PostStats! }
  type PageInfo { next: String, prev: String }
  type Posts { items: [Post!]!, pageInfo: PageInfo! }
  type Query { account(request: AccountRequest!): Account, posts(request: PostsRequest!): Posts! }
  type Mutation {
    challenge(request: ChallengeRequest!): Challenge!
    authenticate(request: AuthenticateRequest!): Tokens!
    post(request: PostRequest!): PostResult!
    comment(request: CommentRequest!): PostResult!
    follow(request: FollowRequest!): TxResult!
    unfollow(request: FollowRequest!): TxResult!
  }
`);

interface Ctx {
  token: string | null;
}

const challenges = new Map<string, { address: string; text: string }>();
const sessions = new Set<string>();
const follows = new Set<string>();
const published: { contentUri: string; actions?: string[] | null; commentOn?: string }[] = [];
const uploads = new Map<string, string>();
const ALL_POSTS = Array.from({ length: 45 }, (_, i) => ({
  id: `post-${i}`,
  content: `breath ${i}`,
  timestamp: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
  author: { address: '0xabc', username: 'calm' },
  stats: { comments: 0, reposts: 0, quotes: 0, reactions: i % 7, collects: 0, bookmarks: 0 },
}));

const requireSession = (ctx: Ctx) => {
  if (!ctx.token || !sessions.has(ctx.token)) throw new Error('Unauthenticated');
};

const root = {
  challenge: ({ request }: { request: { address: string } }) => {
    const id = `ch-${challenges.size + 1}`;
    const text = `Sign in to the fake network as ${request.address}, nonce ${id}`;
    challenges.set(id, { address: request.address, text });
    return { id, text };
  },
  authenticate: ({ request }: { request: { id: string; signature: string } }) => {
    const ch = challenges.get(request.id);
    if (!ch) throw new Error('Unknown challenge');
    challenges.delete(request.id);
    if (verifyMessage(ch.text, request.signature) !== ch.address) throw new Error('Wrong signer');
    const accessToken = `access-${request.id}`;
    sessions.add(accessToken);
    return { accessToken, refreshToken: `refresh-${request.id}` };
  },
  account: ({ request }: { request: { address: string } }) =>
    request.address === '0x0000000000000000000000000000000000000000'
      ? null
      : {
          address: request.address,
          username: 'calm',
          ownedBy: request.address,
          metadata: { name: 'Calm Breather', bio: 'Box breathing daily', picture: null },
          stats: { followers: 3, following: 1, posts: 45 },
          operations: { canFollow: true, isFollowedByMe: follows.has(request.address) },
        },
  post: ({ request }: { request: { contentUri: string; actions?: string[] | null } }, ctx: Ctx) => {
    requireSession(ctx);
    published.push(request);
    return {
      id: `new-${published.length}`,
      txHash: `0x${published.length.toString(16).padStart(64, '0')}`,
    };
  },
  comment: ({ request }: { request: { commentOn: string; contentUri: string } }, ctx: Ctx) => {
    requireSession(ctx);
    published.push(request);
    return { id: `new-${published.length}`, txHash: '0x01' };
  },
  follow: ({ request }: { request: { account: string } }, ctx: Ctx) => {
    requireSession(ctx);
    follows.add(request.account);
    return { txHash: '0x02' };
  },
  unfollow: ({ request }: { request: { account: string } }, ctx: Ctx) => {
    requireSession(ctx);
    follows.delete(request.account);
    return { txHash: '0x03' };
  },
  posts: ({ request }: { request: { limit: number; orderBy: string; cursor?: string | null } }) => {
    const sorted =
      request.orderBy === 'TOP_REACTED'
        ? [...ALL_POSTS].sort((a, b) => b.stats.reactions - a.stats.reactions)
        : [...ALL_POSTS].reverse();
    const start = request.cursor ? Number(request.cursor) : 0;
    const items = sorted.slice(start, start + request.limit);
    const end = start + items.length;
    return {
      items,
      pageInfo: {
        next: end < sorted.length ? String(end) : null,
        prev: start > 0 ? String(Math.max(0, start - request.limit)) : null,
      },
    };
  },
};

let server: Server;
let url: string;
const seen: { operation: string; authorization?: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const { query, variables } = JSON.parse(raw) as {
        query: string;
        variables: Record<string, unknown>;
      };
      const operation = /(query|mutation)\s+(\w+)/.exec(query)?.[2] ?? '?';
      seen.push({ operation, authorization: req.headers.authorization });
      const token = req.headers.authorization?.replace(/^Bearer /, '') ?? null;
      void graphql({
        schema,
        source: query,
        rootValue: root,
        variableValues: variables,
        contextValue: { token },
      }).then((result) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(result));
      });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

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
