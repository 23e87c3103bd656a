/**
 * An in-process fake of the Lens API v3, used by the unit tests and the browser test. It
 * serves the schema Lens publishes (./publishedSchema.ts: the SDL in @lens-protocol/graphql,
 * pinned), so graphql-js parses, validates and executes every document against the real
 * API's types: a field, argument, one-of input or scalar the real API would refuse fails here
 * too. The answers are this file's reading of the API's documented behaviour:
 * - accounts belong to an owner wallet and may have manager wallets (addAccount);
 *   accountsAvailable lists those a wallet owns or manages;
 * - a challenge names the account and the signer (owner or manager); authenticate recovers the
 *   signer from the signature (ethers) and answers AuthenticationTokens, WrongSignerError (not
 *   the challenge's signer), ExpiredChallengeError (older than challengeTtlMs, or
 *   expireChallenges()) or ForbiddenError (the signer is not the account's owner/manager);
 * - an expired access token (expireSessions()) is a GraphQL error with extensions.code
 *   UNAUTHENTICATED; refresh trades a refresh token (single use) for new tokens;
 * - post, follow and unfollow answer as `answers.*` says: relayed by Lens (a hash), a
 *   self-funded EIP-1559 transaction for the wallet to send, a sponsored zkSync EIP-712 one
 *   (with a paymaster) for the wallet to sign, TransactionWillFail or a validation failure; a post's transaction is indexed after `indexAfterPolls` looks at
 *   transactionStatus (never while holdIndexing), and only then has a post id;
 * - a transaction for the wallet counts as sent once readTransaction(hash) shows it on the
 *   chain, from the signer, carrying the data the fake asked for.
 * What passing here does not prove: the live API's behaviour beyond its schema (its messages,
 * timings, rules or indexing), which nothing here can reach.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { getAddress, hexlify, toUtf8Bytes, verifyMessage, Wallet } from 'ethers';
import { GraphQLError, graphql, type GraphQLSchema } from 'graphql';
import { publishedLensSchema } from './publishedSchema';

let schema: GraphQLSchema | undefined;
const lensSchema = () => (schema ??= publishedLensSchema());

type WriteAnswer = 'relay' | 'selfFunded' | 'sponsored' | 'willFail' | 'refused';

interface FakeAccount {
  address: string;
  owner: string;
  managers: string[];
  name: string | null;
  username: string | null;
}

export interface PublishedItem {
  contentUri: string;
  commentOn?: string;
  /** The Lens account it was posted as. */
  by: string;
  /** The wallet that signed in. */
  signer: string;
  /** Its transaction, and the post id once indexed. */
  hash: string;
  id: string | null;
}

interface Pending {
  item: PublishedItem | null;
  polls: number;
  fail: string | null;
}

const lower = (a: string) => a.toLowerCase();
/** The fake's paymaster (pays for sponsored transactions). */
export const SPONSOR = '0x000000000000000000000000000000000000C0De';
const hash32 = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;

export function createFakeLens(
  opts: {
    chainId?: number;
    readTransaction?: (hash: string) => Promise<{ from: string; data: string } | null>;
  } = {},
) {
  const accounts: FakeAccount[] = [];
  const challenges = new Map<
    string,
    { account: string; signer: string; text: string; at: number }
  >();
  const sessions = new Map<string, { account: string; signer: string }>();
  const refreshTokens = new Map<string, { account: string; signer: string }>();
  const follows = new Set<string>(); // `${follower}>${followed}`
  const published: PublishedItem[] = [];
  const byHash = new Map<string, Pending>();
  /** Self-funded requests not yet seen on the chain: data -> item. */
  const awaitingWallet = new Map<string, PublishedItem>();
  const seen: { operation: string; authorization?: string }[] = [];
  /** Set to make the next post mutation fail with this GraphQL error. */
  const faults: { post: string | null } = { post: null };
  const answers: { post: WriteAnswer; follow: WriteAnswer; reason: string } = {
    post: 'relay',
    follow: 'relay',
    reason: 'The fake says no',
  };
  const indexing = { indexAfterPolls: 1, hold: false, failNext: null as string | null };
  const config = { challengeTtlMs: 5 * 60_000, expireAll: false };
  let counter = 0;
  let nextPostId = 1_000_000_000_000_000_001n;

  const feed = Array.from({ length: 45 }, (_, i) => ({
    id: String(900_000n + BigInt(i)),
    content: `breath ${i}`,
    timestamp: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
    author: '0x00000000000000000000000000000000000000ab',
    reactions: i % 7,
    indexedItem: null as PublishedItem | null,
  }));

  function addAccount(a: {
    owner: string;
    managers?: string[];
    name?: string | null;
    username?: string | null;
  }): string {
    const address = Wallet.createRandom().address;
    accounts.push({
      address,
      owner: getAddress(a.owner),
      managers: (a.managers ?? []).map((m) => getAddress(m)),
      name: a.name === undefined ? 'Calm Breather' : a.name,
      username: a.username === undefined ? 'calm' : a.username,
    });
    return address;
  }

  const accountAt = (address: string) => accounts.find((a) => lower(a.address) === lower(address));

  function accountView(a: FakeAccount, viewer: string | null) {
    return {
      address: a.address,
      owner: a.owner,
      createdAt: '2026-01-01T00:00:00Z',
      score: 0,
      username: a.username
        ? { id: `u-${a.username}`, localName: a.username, value: `lens/${a.username}` }
        : null,
      metadata: {
        id: `m-${a.address}`,
        attributes: [],
        name: a.name,
        bio: 'Box breathing daily',
        picture: null,
      },
      operations: viewer
        ? {
            id: `op-${a.address}`,
            isFollowedByMe: follows.has(`${lower(viewer)}>${lower(a.address)}`),
          }
        : null,
    };
  }

  const sessionOf = (ctx: Ctx) => {
    const s = ctx.token ? sessions.get(ctx.token) : undefined;
    if (!s) throw new GraphQLError('Unauthenticated', { extensions: { code: 'UNAUTHENTICATED' } });
    return s;
  };

  function writeAnswer(
    kind: WriteAnswer,
    item: PublishedItem | null,
    signer: string,
    to: string,
    typename: string,
  ) {
    const reason = answers.reason;
    switch (kind) {
      case 'relay': {
        const hash = hash32(++counter);
        if (item) item.hash = hash;
        byHash.set(hash, { item, polls: 0, fail: null });
        return { __typename: typename, hash };
      }
      case 'selfFunded': {
        const data = hexlify(toUtf8Bytes(`lens-fake:${++counter}`));
        if (item) awaitingWallet.set(data, item);
        return {
          __typename: 'SelfFundedTransactionRequest',
          reason: 'Sponsorship is not available for this app',
          selfFundedReason: 'NOT_SPONSORED',
          raw: {
            type: 2,
            to,
            from: signer,
            nonce: 0,
            gasLimit: 100_000,
            maxPriorityFeePerGas: '1000000000',
            maxFeePerGas: '3000000000',
            data,
            value: '0',
            chainId: opts.chainId ?? 1,
          },
        };
      }
      case 'sponsored': {
        const data = hexlify(toUtf8Bytes(`lens-fake:${++counter}`));
        if (item) awaitingWallet.set(data, item);
        return {
          __typename: 'SponsoredTransactionRequest',
          reason: 'Signless is not enabled for this account',
          sponsoredReason: 'REQUIRES_SIGNATURE',
          raw: {
            type: 113,
            to,
            from: signer,
            nonce: 3,
            gasLimit: 300_000,
            maxPriorityFeePerGas: '0',
            maxFeePerGas: '50000000',
            data,
            value: '0',
            chainId: opts.chainId ?? 1,
            customData: {
              gasPerPubdata: '50000',
              factoryDeps: [],
              customSignature: null,
              paymasterParams: {
                paymaster: SPONSOR,
                paymasterInput: `0x8c5a3445${'0'.repeat(64)}`,
              },
            },
          },
        };
      }
      case 'willFail':
        return { __typename: 'TransactionWillFail', reason };
      default:
        return {
          __typename:
            typename === 'PostResponse'
              ? 'PostOperationValidationFailed'
              : 'AccountFollowOperationValidationFailed',
          reason,
          unsatisfiedRules: null,
        };
    }
  }

  /** A hash the wallet sent: known once the chain shows it with the data the fake asked for. */
  async function pendingFor(hash: string): Promise<Pending | undefined> {
    const known = byHash.get(lower(hash)) ?? byHash.get(hash);
    if (known || !opts.readTransaction) return known;
    const tx = await opts.readTransaction(hash);
    const item = tx ? awaitingWallet.get(tx.data) : undefined;
    if (!tx || !item || lower(tx.from) !== lower(item.signer)) return undefined;
    awaitingWallet.delete(tx.data);
    item.hash = hash;
    const p: Pending = { item, polls: 0, fail: null };
    byHash.set(lower(hash), p);
    return p;
  }

  function indexed(p: Pending) {
    if (p.item && !p.item.id) {
      p.item.id = String(nextPostId++);
      feed.push({
        id: p.item.id,
        content: 'published',
        timestamp: new Date().toISOString(),
        author: p.item.by,
        reactions: 0,
        indexedItem: p.item,
      });
    }
  }

  function postView(p: (typeof feed)[number]) {
    const author = accountAt(p.author);
    return {
      __typename: 'Post',
      id: p.id,
      slug: p.id,
      timestamp: p.timestamp,
      author: author
        ? accountView(author, null)
        : { address: p.author, owner: p.author, username: null, metadata: null },
      metadata: {
        __typename: 'TextOnlyMetadata',
        id: `meta-${p.id}`,
        content: p.content,
        locale: 'en',
        mainContentFocus: 'TEXT_ONLY',
        attributes: [],
      },
      stats: {
        comments: 0,
        reposts: 0,
        quotes: 0,
        reactions: p.reactions,
        collects: 0,
        bookmarks: 0,
        tips: 0,
      },
    };
  }

  interface Ctx {
    token: string | null;
  }
  type Args<T> = { request: T };

  const root = {
    accountsAvailable: ({
      request,
    }: Args<{ managedBy: string; includeOwned: boolean; cursor?: string | null }>) => {
      const w = lower(request.managedBy);
      const items = accounts.flatMap((a) =>
        lower(a.owner) === w && request.includeOwned
          ? [
              {
                __typename: 'AccountOwned',
                account: accountView(a, null),
                addedAt: '2026-01-01T00:00:00Z',
              },
            ]
          : a.managers.some((m) => lower(m) === w)
            ? [
                {
                  __typename: 'AccountManaged',
                  account: accountView(a, null),
                  addedAt: '2026-01-01T00:00:00Z',
                  permissions: {},
                },
              ]
            : [],
      );
      return { items, pageInfo: { next: null, prev: null } };
    },
    challenge: ({
      request,
    }: Args<
      Record<
        string,
        { app: string; account: string; owner?: string; manager?: string; wallet?: string }
      >
    >) => {
      const [kind, r] = Object.entries(request)[0]!;
      if (kind !== 'accountOwner' && kind !== 'accountManager')
        throw new Error(`The fake signs in only account owners and managers, not ${kind}`);
      const signer = (kind === 'accountOwner' ? r.owner : r.manager)!;
      const id = randomUUID();
      const text = `Sign in to the fake Lens as ${r.account} with ${signer} for app ${r.app}. Nonce ${id}`;
      challenges.set(id, { account: r.account, signer, text, at: Date.now() });
      return { id, text };
    },
    authenticate: ({ request }: Args<{ id: string; signature: string }>) => {
      const ch = challenges.get(request.id);
      if (!ch) return { __typename: 'ForbiddenError', reason: 'Unknown challenge' };
      challenges.delete(request.id);
      if (config.expireAll || Date.now() - ch.at > config.challengeTtlMs)
        return { __typename: 'ExpiredChallengeError', reason: 'Challenge expired' };
      let recovered = '';
      try {
        recovered = verifyMessage(ch.text, request.signature);
      } catch {
        // not a signature at all
      }
      if (lower(recovered) !== lower(ch.signer))
        return {
          __typename: 'WrongSignerError',
          reason: 'Signature was not signed by the expected signer',
        };
      const account = accountAt(ch.account);
      const allowed =
        account && [account.owner, ...account.managers].some((m) => lower(m) === lower(ch.signer));
      if (!allowed)
        return {
          __typename: 'ForbiddenError',
          reason: 'The signer is not an owner or manager of the account',
        };
      const accessToken = `access-${request.id}`;
      sessions.set(accessToken, { account: account.address, signer: ch.signer });
      refreshTokens.set(`refresh-${request.id}`, { account: account.address, signer: ch.signer });
      return {
        __typename: 'AuthenticationTokens',
        accessToken,
        refreshToken: `refresh-${request.id}`,
        idToken: `id-${request.id}`,
      };
    },
    refresh: ({ request }: Args<{ refreshToken: string }>) => {
      const s = refreshTokens.get(request.refreshToken);
      if (!s) return { __typename: 'ForbiddenError', reason: 'Invalid refresh token' };
      refreshTokens.delete(request.refreshToken); // single use
      const n = ++counter;
      sessions.set(`access-r${n}`, s);
      refreshTokens.set(`refresh-r${n}`, s);
      return {
        __typename: 'AuthenticationTokens',
        accessToken: `access-r${n}`,
        refreshToken: `refresh-r${n}`,
        idToken: `id-r${n}`,
      };
    },
    account: ({ request }: Args<{ address?: string }>, ctx: Ctx) => {
      const a = request.address ? accountAt(request.address) : undefined;
      const viewer = ctx.token ? (sessions.get(ctx.token)?.account ?? null) : null;
      return a ? accountView(a, viewer) : null;
    },
    accountStats: ({ request }: Args<{ account?: string }>) => {
      const who = lower(request.account ?? '');
      const followers = [...follows].filter((f) => f.endsWith(`>${who}`)).length + 3;
      const following = [...follows].filter((f) => f.startsWith(`${who}>`)).length + 1;
      const posts = feed.filter((p) => lower(p.author) === who).length;
      return {
        graphFollowStats: { followers, following },
        feedStats: {
          posts,
          comments: 0,
          reposts: 0,
          quotes: 0,
          reacted: 0,
          reactions: 0,
          collects: 0,
          tips: 0,
        },
      };
    },
    post: (
      args: Args<{
        contentUri?: string;
        commentOn?: { post: string } | null;
        post?: string;
        txHash?: string;
      }>,
      ctx: Ctx,
    ) => {
      const { request } = args;
      // Query.post (look-up by id or transaction) and Mutation.post share the name.
      if (request.contentUri === undefined) {
        const p = request.txHash
          ? feed.find((f) => f.indexedItem && lower(f.indexedItem.hash) === lower(request.txHash!))
          : feed.find((f) => f.id === request.post);
        return p ? postView(p) : null;
      }
      const s = sessionOf(ctx);
      if (faults.post) {
        const message = faults.post;
        faults.post = null;
        throw new Error(message);
      }
      const item: PublishedItem = {
        contentUri: request.contentUri,
        ...(request.commentOn ? { commentOn: request.commentOn.post } : {}),
        by: s.account,
        signer: s.signer,
        hash: '',
        id: null,
      };
      const answer = writeAnswer(answers.post, item, s.signer, s.account, 'PostResponse');
      if (answers.post === 'relay' || answers.post === 'selfFunded' || answers.post === 'sponsored')
        published.push(item);
      return answer;
    },
    follow: ({ request }: Args<{ account: string }>, ctx: Ctx) => {
      const s = sessionOf(ctx);
      const answer = writeAnswer(answers.follow, null, s.signer, s.account, 'FollowResponse');
      if (answers.follow === 'relay') follows.add(`${lower(s.account)}>${lower(request.account)}`);
      return answer;
    },
    unfollow: ({ request }: Args<{ account: string }>, ctx: Ctx) => {
      const s = sessionOf(ctx);
      const answer = writeAnswer(answers.follow, null, s.signer, s.account, 'UnfollowResponse');
      if (answers.follow === 'relay')
        follows.delete(`${lower(s.account)}>${lower(request.account)}`);
      return answer;
    },
    transactionStatus: async ({ request }: Args<{ txHash: string }>) => {
      const p = await pendingFor(request.txHash);
      if (!p)
        return {
          __typename: 'NotIndexedYetStatus',
          reason: 'Transaction not known yet',
          txHasMined: false,
        };
      if (indexing.hold)
        return { __typename: 'NotIndexedYetStatus', reason: 'Indexing', txHasMined: true };
      if (indexing.failNext) {
        p.fail = indexing.failNext;
        indexing.failNext = null;
      }
      if (p.fail)
        return {
          __typename: 'FailedTransactionStatus',
          reason: p.fail,
          blockTimestamp: new Date().toISOString(),
          summary: [],
        };
      p.polls += 1;
      if (p.polls < indexing.indexAfterPolls)
        return {
          __typename: 'PendingTransactionStatus',
          blockTimestamp: new Date().toISOString(),
          summary: [],
        };
      indexed(p);
      return {
        __typename: 'FinishedTransactionStatus',
        blockTimestamp: new Date().toISOString(),
        summary: [],
      };
    },
    posts: ({ request }: Args<{ pageSize: 'TEN' | 'FIFTY'; cursor?: string | null }>) => {
      const size = request.pageSize === 'TEN' ? 10 : 50;
      const newestFirst = [...feed].reverse();
      const start = request.cursor
        ? Number(Buffer.from(request.cursor, 'base64url').toString())
        : 0;
      if (!Number.isInteger(start) || start < 0) throw new Error('Invalid cursor');
      const items = newestFirst.slice(start, start + size).map(postView);
      const end = start + items.length;
      const cursorAt = (n: number) => Buffer.from(String(n)).toString('base64url');
      return {
        items,
        pageInfo: {
          next: end < newestFirst.length ? cursorAt(end) : null,
          prev: start > 0 ? cursorAt(Math.max(0, start - size)) : null,
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
      schema: lensSchema(),
      source: query,
      rootValue: root,
      variableValues: variables,
      contextValue: { token },
    });
  }

  return {
    answer,
    addAccount,
    published,
    seen,
    faults,
    answers,
    indexing,
    expireChallenges: () => void (config.expireAll = true),
    /** Every access token now expired (refresh tokens still work). */
    expireSessions: () => sessions.clear(),
    /** Every refresh token now refused too. */
    revokeRefreshTokens: () => refreshTokens.clear(),
    feed,
  };
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
