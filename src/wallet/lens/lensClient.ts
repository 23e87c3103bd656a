import { AppError } from '../../domain/errors/appErrors';
import { ERROR_TEXT, TOAST_TEXT } from '../../domain/errors/messages';
import * as doc from './documents';

/**
 * A client of the social-wallet network's GraphQL API at a configurable URL (docs/product.md
 * § Wallets and tokens). Sign-in: a challenge for the wallet address, signed by the wallet,
 * exchanged for tokens. Posts and comments upload their content as JSON first (the uploader
 * is given) and send its URI. Writes without a session say 'Not authenticated'.
 */

export interface LensAccount {
  address: string;
  username: string | null;
  ownedBy: string;
  metadata: { name: string | null; bio: string | null; picture: string | null } | null;
  stats: { followers: number; following: number; posts: number };
  operations: { canFollow: boolean; isFollowedByMe: boolean } | null;
}

export interface LensPost {
  id: string;
  content: string;
  timestamp: string;
  author: { address: string; username: string | null };
  stats: {
    comments: number;
    reposts: number;
    quotes: number;
    reactions: number;
    collects: number;
    bookmarks: number;
  };
}

export interface LensPage<T> {
  items: T[];
  pageInfo: { next: string | null; prev: string | null };
}

export interface LensDeps {
  apiUrl: string;
  fetch?: typeof fetch;
  /** Stores JSON content and returns its URI (the app's uploader falls back to a data URI). */
  upload: (data: unknown) => Promise<string>;
}

export const POSTS_PAGE_SIZE = 20;

export function createLensClient(deps: LensDeps) {
  const doFetch = deps.fetch ?? fetch.bind(globalThis);
  let tokens: { accessToken: string; refreshToken: string } | null = null;

  async function gql<T>(
    query: string,
    variables: Record<string, unknown>,
    needsAuth = false,
  ): Promise<T> {
    if (needsAuth && !tokens)
      throw new AppError(ERROR_TEXT.notAuthenticated, { category: 'authentication' });
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (tokens) headers.authorization = `Bearer ${tokens.accessToken}`;
    const res = await doFetch(deps.apiUrl, {
      method: 'POST',
      headers,
      body: JSON.stringify({ query, variables }),
    });
    let body: { data?: T; errors?: { message: string }[] };
    try {
      body = (await res.json()) as typeof body;
    } catch {
      throw new AppError(`Lens answered ${res.status} without JSON`, { category: 'network' });
    }
    if (body.errors?.length)
      throw new AppError(body.errors.map((e) => e.message).join('; '), { category: 'wallet' });
    if (!res.ok || !body.data)
      throw new AppError(`Lens answered ${res.status}`, { category: 'network' });
    return body.data;
  }

  return {
    isAuthenticated: () => tokens !== null,

    /** The signed-in session's tokens (to keep it for the next page of this tab), or null. */
    session: (): { accessToken: string; refreshToken: string } | null => (tokens ? { ...tokens } : null),

    /** Takes up a session kept from an earlier page. */
    resume(kept: { accessToken: string; refreshToken: string }): void {
      tokens = { accessToken: kept.accessToken, refreshToken: kept.refreshToken };
    },

    /** Challenge, signature by the wallet, tokens; any failure is 'Failed to connect to Lens'. */
    async login(address: string, sign: (text: string) => Promise<string>): Promise<void> {
      try {
        const { challenge } = await gql<{ challenge: { id: string; text: string } }>(
          doc.CHALLENGE,
          { address },
        );
        const signature = await sign(challenge.text);
        const { authenticate } = await gql<{
          authenticate: { accessToken: string; refreshToken: string };
        }>(doc.AUTHENTICATE, { id: challenge.id, signature });
        tokens = authenticate;
      } catch (e) {
        throw new AppError(TOAST_TEXT.lensConnectFailed, { category: 'wallet', cause: e });
      }
    },

    logout(): void {
      tokens = null;
    },

    async account(address: string): Promise<LensAccount | null> {
      return (await gql<{ account: LensAccount | null }>(doc.ACCOUNT, { address })).account;
    },

    async post(
      content: Record<string, unknown>,
      actions?: string[],
    ): Promise<{ id: string; txHash: string }> {
      if (!tokens) throw new AppError(ERROR_TEXT.notAuthenticated, { category: 'authentication' });
      const contentUri = await deps.upload(content);
      return (
        await gql<{ post: { id: string; txHash: string } }>(doc.POST, { contentUri, actions }, true)
      ).post;
    },

    async comment(
      commentOn: string,
      content: Record<string, unknown>,
    ): Promise<{ id: string; txHash: string }> {
      if (!tokens) throw new AppError(ERROR_TEXT.notAuthenticated, { category: 'authentication' });
      const contentUri = await deps.upload(content);
      return (
        await gql<{ comment: { id: string; txHash: string } }>(
          doc.COMMENT,
          { commentOn, contentUri },
          true,
        )
      ).comment;
    },

    async follow(account: string): Promise<string> {
      return (await gql<{ follow: { txHash: string } }>(doc.FOLLOW, { account }, true)).follow
        .txHash;
    },

    async unfollow(account: string): Promise<string> {
      return (await gql<{ unfollow: { txHash: string } }>(doc.UNFOLLOW, { account }, true)).unfollow
        .txHash;
    },

    async posts(
      opts: { limit?: number; orderBy?: 'LATEST' | 'TOP_REACTED'; cursor?: string | null } = {},
    ): Promise<LensPage<LensPost>> {
      const variables = {
        limit: opts.limit ?? POSTS_PAGE_SIZE,
        orderBy: opts.orderBy ?? 'LATEST',
        cursor: opts.cursor ?? null,
      };
      return (await gql<{ posts: LensPage<LensPost> }>(doc.POSTS, variables)).posts;
    },
  };
}

export type LensClient = ReturnType<typeof createLensClient>;
