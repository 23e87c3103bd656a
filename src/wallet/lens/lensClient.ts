import { AppError } from '../../domain/errors/appErrors';
import { ERROR_TEXT, TOAST_TEXT } from '../../domain/errors/messages';
import { LENS_TEXT, withReason } from '../../domain/wallet/lensText';
import * as doc from './documents';
import {
  cursor as toCursor,
  evmAddress,
  postId,
  uri,
  uuid,
  type Cursor,
  type PostId,
  type TxHash,
} from './scalars';
import { toAccount, toWrite, type RawAccount, type RawWrite } from './lensAnswers';
import type {
  AvailableAccount,
  LensAccount,
  LensIndexing,
  LensPage,
  LensPost,
  LensSignIn,
  LensWrite,
} from './lensTypes';

/**
 * A client of the Lens API v3 (docs/product.md § Wallets and tokens) at a configurable URL.
 * Sign-in is to a Lens account (an address of its own) that the wallet owns or manages: the
 * wallet's accounts are looked up, a challenge for the chosen one is signed by the wallet and
 * exchanged for tokens. Every union the API answers is told apart by `__typename`; each
 * branch becomes a result with a message or an action, never silence. A write (post, comment
 * as a post with commentOn, follow, unfollow) answers with a hash Lens sent itself, a
 * transaction for the wallet to send, or a refusal; a post has no id until Lens has indexed
 * its transaction (waitForIndexing, postIdOf). An access token Lens calls expired
 * (UNAUTHENTICATED) is renewed once with the refresh token and the request sent again; a
 * refused renewal ends the session ('Not authenticated').
 */

export type { AvailableAccount, LensAccount, LensTransaction } from './lensTypes';

interface LensDeps {
  apiUrl: string;
  fetch?: typeof fetch;
  /** Stores JSON content and returns its URI (the app's uploader falls back to a data URI). */
  upload: (data: unknown) => Promise<string>;
  /** The app's own Lens app address; without it Lens' default app is named (schema default). */
  app?: string | null;
  /** Waits between indexing checks (tests make it instant). */
  sleep?: (ms: number) => Promise<void>;
  /** Told whenever the session's tokens change (sign-in, renewal), to keep them. */
  onTokens?: (tokens: { accessToken: string; refreshToken: string }) => void;
}

type LensPageSize = 'TEN' | 'FIFTY';
const POSTS_PAGE_SIZE: LensPageSize = 'TEN';
/** How often and how long a sent transaction is checked for indexing. */
const INDEXING_POLL_MS = 1000;
const INDEXING_TIMEOUT_MS = 60_000;

export function createLensClient(deps: LensDeps) {
  const doFetch = deps.fetch ?? fetch.bind(globalThis);
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  let tokens: { accessToken: string; refreshToken: string } | null = null;

  type Answer<T> = { data?: T; errors?: { message: string; extensions?: { code?: unknown } }[] };

  async function send<T>(
    query: string,
    variables: Record<string, unknown>,
  ): Promise<{ res: Response; body: Answer<T> }> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (tokens) headers.authorization = `Bearer ${tokens.accessToken}`;
    const res = await doFetch(deps.apiUrl, {
      method: 'POST',
      headers,
      body: JSON.stringify({ query, variables }),
    });
    try {
      return { res, body: (await res.json()) as Answer<T> };
    } catch {
      throw new AppError(`Lens answered ${res.status} without JSON`, { category: 'network' });
    }
  }

  const expired = (body: Answer<unknown>) =>
    body.errors?.some((e) => e.extensions?.code === 'UNAUTHENTICATED') ?? false;

  function setTokens(next: { accessToken: string; refreshToken: string } | null): void {
    tokens = next;
    if (next) deps.onTokens?.({ ...next });
  }

  /** One renewal of the session with its refresh token; false when Lens refuses it. */
  async function renew(): Promise<boolean> {
    if (!tokens) return false;
    const { body } = await send<{
      refresh: { __typename: string; accessToken?: string; refreshToken?: string };
    }>(doc.REFRESH, { refreshToken: tokens.refreshToken });
    const r = body.data?.refresh;
    if (r?.__typename !== 'AuthenticationTokens' || !r.accessToken || !r.refreshToken) {
      tokens = null;
      return false;
    }
    setTokens({ accessToken: r.accessToken, refreshToken: r.refreshToken });
    return true;
  }

  async function gql<T>(
    query: string,
    variables: Record<string, unknown>,
    needsAuth = false,
  ): Promise<T> {
    if (needsAuth && !tokens)
      throw new AppError(ERROR_TEXT.notAuthenticated, { category: 'authentication' });
    let { res, body } = await send<T>(query, variables);
    if (tokens && expired(body)) {
      if (!(await renew()))
        throw new AppError(ERROR_TEXT.notAuthenticated, { category: 'authentication' });
      ({ res, body } = await send<T>(query, variables));
    }
    if (body.errors?.length)
      throw new AppError(body.errors.map((e) => e.message).join('; '), { category: 'wallet' });
    if (!res.ok || !body.data)
      throw new AppError(`Lens answered ${res.status}`, { category: 'network' });
    return body.data;
  }

  const appVariable = (): Record<string, string> => (deps.app ? { app: evmAddress(deps.app) } : {});

  async function write(
    query: string,
    variables: Record<string, unknown>,
    field: string,
    refusedLine: string,
  ): Promise<LensWrite> {
    const data = await gql<Record<string, RawWrite>>(query, variables, true);
    const r = data[field];
    if (!r) throw new AppError(`Lens answered no ${field} result`, { category: 'wallet' });
    return toWrite(r, refusedLine);
  }

  async function upload(content: Record<string, unknown>): Promise<string> {
    if (!tokens) throw new AppError(ERROR_TEXT.notAuthenticated, { category: 'authentication' });
    return uri(await deps.upload(content));
  }

  /** One look at where a sent transaction is. */
  async function transactionStatus(hash: TxHash): Promise<LensIndexing> {
    const { transactionStatus: s } = await gql<{
      transactionStatus: { __typename: string; reason?: string };
    }>(doc.TRANSACTION_STATUS, { txHash: hash });
    if (s.__typename === 'FinishedTransactionStatus') return { status: 'indexed' };
    if (s.__typename === 'FailedTransactionStatus')
      return { status: 'failed', message: withReason(LENS_TEXT.txFailed, s.reason) };
    return { status: 'not-yet' }; // NotIndexedYetStatus, PendingTransactionStatus
  }

  return {
    isAuthenticated: () => tokens !== null,

    /** The signed-in session's tokens (to keep it for the next page of this tab), or null. */
    session: (): { accessToken: string; refreshToken: string } | null =>
      tokens ? { ...tokens } : null,

    /** Takes up a session kept from an earlier page. */
    resume(kept: { accessToken: string; refreshToken: string }): void {
      tokens = { accessToken: kept.accessToken, refreshToken: kept.refreshToken };
    },

    /** The Lens accounts the wallet owns or manages (first 50). */
    async accountsAvailable(wallet: string): Promise<AvailableAccount[]> {
      const { accountsAvailable } = await gql<{
        accountsAvailable: { items: { __typename: string; account: RawAccount }[] };
      }>(doc.ACCOUNTS_AVAILABLE, { managedBy: evmAddress(wallet) });
      return accountsAvailable.items.map((i) => ({
        account: toAccount(i.account),
        role: i.__typename === 'AccountOwned' ? 'owner' : 'manager',
      }));
    },

    /**
     * Signs in as `choice.account`: a challenge for the account as its owner or manager, the
     * wallet's signature, then each branch of the answer. A failure of the exchange itself
     * (network, GraphQL error, refused signature) is 'Failed to connect to Lens'.
     */
    async login(
      wallet: string,
      choice: AvailableAccount,
      sign: (text: string) => Promise<string>,
    ): Promise<LensSignIn> {
      let answer: {
        __typename: string;
        accessToken?: string;
        refreshToken?: string;
        reason?: string;
      };
      try {
        const account = choice.account.address;
        const { challenge } = await gql<{ challenge: { id: string; text: string } }>(
          choice.role === 'owner' ? doc.CHALLENGE_AS_OWNER : doc.CHALLENGE_AS_MANAGER,
          choice.role === 'owner'
            ? { ...appVariable(), account, owner: evmAddress(wallet) }
            : { ...appVariable(), account, manager: evmAddress(wallet) },
        );
        const signature = await sign(challenge.text);
        ({ authenticate: answer } = await gql<{ authenticate: typeof answer }>(doc.AUTHENTICATE, {
          id: uuid(challenge.id),
          signature,
        }));
      } catch (e) {
        throw new AppError(TOAST_TEXT.lensConnectFailed, { category: 'wallet', cause: e });
      }
      switch (answer.__typename) {
        case 'AuthenticationTokens':
          setTokens({
            accessToken: String(answer.accessToken),
            refreshToken: String(answer.refreshToken),
          });
          return { status: 'signed-in' };
        case 'WrongSignerError':
          return {
            status: 'refused',
            branch: 'WrongSignerError',
            message: withReason(LENS_TEXT.wrongSigner, answer.reason),
          };
        case 'ExpiredChallengeError':
          return {
            status: 'refused',
            branch: 'ExpiredChallengeError',
            message: LENS_TEXT.expiredChallenge,
          };
        default:
          return {
            status: 'refused',
            branch: 'ForbiddenError',
            message: withReason(LENS_TEXT.forbidden, answer.reason),
          };
      }
    },

    logout(): void {
      tokens = null;
    },

    /** An account with its follower, following and post counts (accountStats). */
    async account(address: string): Promise<LensAccount | null> {
      const data = await gql<{
        account: RawAccount | null;
        accountStats: {
          graphFollowStats: { followers: number; following: number };
          feedStats: { posts: number };
        } | null;
      }>(doc.ACCOUNT, { address: evmAddress(address) });
      if (!data.account) return null;
      const s = data.accountStats;
      return toAccount(
        data.account,
        s
          ? {
              followers: s.graphFollowStats.followers,
              following: s.graphFollowStats.following,
              posts: s.feedStats.posts,
            }
          : null,
      );
    },

    /** Uploads the content and posts its URI. */
    async post(content: Record<string, unknown>): Promise<LensWrite> {
      const contentUri = await upload(content);
      return write(doc.POST, { contentUri }, 'post', LENS_TEXT.postRefused);
    },

    /** A comment: a post of the content with commentOn the given post. */
    async comment(commentOn: string, content: Record<string, unknown>): Promise<LensWrite> {
      const target = postId(commentOn);
      const contentUri = await upload(content);
      return write(doc.COMMENT, { contentUri, commentOn: target }, 'post', LENS_TEXT.postRefused);
    },

    async follow(account: string): Promise<LensWrite> {
      return write(doc.FOLLOW, { account: evmAddress(account) }, 'follow', LENS_TEXT.followRefused);
    },

    async unfollow(account: string): Promise<LensWrite> {
      return write(
        doc.UNFOLLOW,
        { account: evmAddress(account) },
        'unfollow',
        LENS_TEXT.followRefused,
      );
    },

    transactionStatus,

    /** Checks every INDEXING_POLL_MS until indexed, failed, or INDEXING_TIMEOUT_MS have passed. */
    async waitForIndexing(
      hash: TxHash,
      opts: { pollMs?: number; timeoutMs?: number } = {},
    ): Promise<LensIndexing> {
      const pollMs = opts.pollMs ?? INDEXING_POLL_MS;
      const tries = Math.max(1, Math.ceil((opts.timeoutMs ?? INDEXING_TIMEOUT_MS) / pollMs));
      for (let i = 0; i < tries; i++) {
        const s = await transactionStatus(hash);
        if (s.status !== 'not-yet') return s;
        if (i < tries - 1) await sleep(pollMs);
      }
      return { status: 'not-yet' };
    },

    /** The id of the post a transaction made, once Lens has indexed it; else null. */
    async postIdOf(hash: TxHash): Promise<PostId | null> {
      const { post } = await gql<{ post: { __typename: string; id: string } | null }>(
        doc.POST_BY_TRANSACTION,
        { txHash: hash },
      );
      return post ? postId(post.id) : null;
    },

    /** One page of the global feed, newest first; `cursor` is a page's next (or prev). */
    async posts(
      opts: { pageSize?: LensPageSize; cursor?: Cursor | null } = {},
    ): Promise<LensPage<LensPost>> {
      const { posts } = await gql<{
        posts: {
          items: (Omit<LensPost, 'kind' | 'content' | 'author'> & {
            __typename: 'Post' | 'Repost';
            author: { address: string; username: { localName: string } | null };
            metadata?: { __typename: string; content?: string };
          })[];
          pageInfo: { next: string | null; prev: string | null };
        };
      }>(doc.POSTS, { pageSize: opts.pageSize ?? POSTS_PAGE_SIZE, cursor: opts.cursor ?? null });
      return {
        items: posts.items.map((p) => ({
          id: postId(p.id),
          kind: p.__typename,
          content:
            p.metadata?.__typename === 'TextOnlyMetadata' ? (p.metadata.content ?? null) : null,
          timestamp: p.timestamp,
          author: {
            address: evmAddress(p.author.address),
            username: p.author.username?.localName ?? null,
          },
          stats: p.stats ?? null,
        })),
        pageInfo: {
          next: posts.pageInfo.next === null ? null : toCursor(posts.pageInfo.next),
          prev: posts.pageInfo.prev === null ? null : toCursor(posts.pageInfo.prev),
        },
      };
    },
  };
}

export type LensClient = ReturnType<typeof createLensClient>;
