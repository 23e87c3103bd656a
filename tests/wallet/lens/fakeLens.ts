/**
 * An in-process fake of the Lens (social-wallet) GraphQL API, used by the unit tests and the
 * browser test. graphql-js parses, validates and executes every document against the schema
 * below, so a misspelt field or a wrongly typed variable fails as it would on a GraphQL
 * server. The schema is written from the product document's list of operations
 * (docs/product.md § Wallets and tokens), not copied from the live Lens API: passing here
 * does not prove the real network accepts the same documents.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyMessage } from 'ethers';
import { buildSchema, graphql } from 'graphql';

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

/** The address the fake knows no Lens account for. */
export const NO_ACCOUNT = '0x0000000000000000000000000000000000000000';

interface Ctx {
  token: string | null;
}

export interface PublishedItem {
  contentUri: string;
  actions?: string[] | null;
  commentOn?: string;
  /** Who sent it (the address the access token was issued to). */
  by: string;
}

export function createFakeLens() {
  const challenges = new Map<string, { address: string; text: string }>();
  const sessions = new Map<string, string>(); // access token -> address
  const follows = new Set<string>();
  const published: PublishedItem[] = [];
  const seen: { operation: string; authorization?: string }[] = [];
  /** Set to make the next post mutation fail with this message. */
  const faults: { post: string | null } = { post: null };
  let challengeCount = 0;
  const allPosts = Array.from({ length: 45 }, (_, i) => ({
    id: `post-${i}`,
    content: `breath ${i}`,
    timestamp: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
    author: { address: '0xabc', username: 'calm' },
    stats: { comments: 0, reposts: 0, quotes: 0, reactions: i % 7, collects: 0, bookmarks: 0 },
  }));

  const sessionOf = (ctx: Ctx): string => {
    const by = ctx.token ? sessions.get(ctx.token) : undefined;
    if (!by) throw new Error('Unauthenticated');
    return by;
  };

  const root = {
    challenge: ({ request }: { request: { address: string } }) => {
      const id = `ch-${++challengeCount}`;
      const text = `Sign in to the fake network as ${request.address}, nonce ${id}`;
      challenges.set(id, { address: request.address, text });
      return { id, text };
    },
    authenticate: ({ request }: { request: { id: string; signature: string } }) => {
      const ch = challenges.get(request.id);
      if (!ch) throw new Error('Unknown challenge');
      challenges.delete(request.id);
      if (verifyMessage(ch.text, request.signature).toLowerCase() !== ch.address.toLowerCase())
        throw new Error('Wrong signer');
      const accessToken = `access-${request.id}`;
      sessions.set(accessToken, ch.address);
      return { accessToken, refreshToken: `refresh-${request.id}` };
    },
    account: ({ request }: { request: { address: string } }) =>
      request.address === NO_ACCOUNT
        ? null
        : {
            address: request.address,
            username: 'calm',
            ownedBy: request.address,
            metadata: { name: 'Calm Breather', bio: 'Box breathing daily', picture: null },
            stats: { followers: 3, following: 1, posts: 45 },
            operations: { canFollow: true, isFollowedByMe: follows.has(request.address) },
          },
    post: (
      { request }: { request: { contentUri: string; actions?: string[] | null } },
      ctx: Ctx,
    ) => {
      const by = sessionOf(ctx);
      if (faults.post) {
        const message = faults.post;
        faults.post = null;
        throw new Error(message);
      }
      published.push({ ...request, by });
      return {
        id: `new-${published.length}`,
        txHash: `0x${published.length.toString(16).padStart(64, '0')}`,
      };
    },
    comment: ({ request }: { request: { commentOn: string; contentUri: string } }, ctx: Ctx) => {
      const by = sessionOf(ctx);
      published.push({ ...request, by });
      return { id: `new-${published.length}`, txHash: '0x01' };
    },
    follow: ({ request }: { request: { account: string } }, ctx: Ctx) => {
      sessionOf(ctx);
      follows.add(request.account);
      return { txHash: '0x02' };
    },
    unfollow: ({ request }: { request: { account: string } }, ctx: Ctx) => {
      sessionOf(ctx);
      follows.delete(request.account);
      return { txHash: '0x03' };
    },
    posts: ({
      request,
    }: {
      request: { limit: number; orderBy: string; cursor?: string | null };
    }) => {
      const sorted =
        request.orderBy === 'TOP_REACTED'
          ? [...allPosts].sort((a, b) => b.stats.reactions - a.stats.reactions)
          : [...allPosts].reverse();
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

  /** Answers one GraphQL request body (JSON text) as a GraphQL server would. */
  async function answer(raw: string, authorization?: string): Promise<unknown> {
    const { query, variables } = JSON.parse(raw) as {
      query: string;
      variables: Record<string, unknown>;
    };
    const operation = /(query|mutation)\s+(\w+)/.exec(query)?.[2] ?? '?';
    seen.push({ operation, authorization });
    const token = authorization?.replace(/^Bearer /, '') ?? null;
    return graphql({
      schema,
      source: query,
      rootValue: root,
      variableValues: variables,
      contextValue: { token },
    });
  }

  return { answer, published, seen, faults };
}

export type FakeLens = ReturnType<typeof createFakeLens>;

/** The fake on a local HTTP port; `url` is its GraphQL endpoint. */
export async function startFakeLensServer(
  fake: FakeLens = createFakeLens(),
): Promise<{ fake: FakeLens; url: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      void fake.answer(raw, req.headers.authorization).then((result) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(result));
      });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
  return { fake, url, close: () => new Promise<void>((r) => server.close(() => r())) };
}
