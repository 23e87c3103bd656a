import type { ZkSyncEip712Transaction } from '../zkSyncEip712';
import type { Cursor, EvmAddress, PostId, TxHash } from './scalars';

/**
 * What the Lens client (./lensClient.ts) gives the app: accounts, sign-in and write results,
 * the transactions Lens asks the wallet to send, indexing states and pages of posts. Each is
 * one branch per answer Lens may give, never silence.
 */

export interface LensAccount {
  address: EvmAddress;
  owner: EvmAddress;
  /** The username's local name (without namespace), if the account has one. */
  username: string | null;
  metadata: { name: string | null; bio: string | null; picture: string | null } | null;
  /** From accountStats; null when Lens gave none. */
  stats: { followers: number; following: number; posts: number } | null;
  isFollowedByMe: boolean | null;
}

/** A Lens account the wallet may sign in as. */
export interface AvailableAccount {
  account: LensAccount;
  /** Owner: the wallet owns it; manager: the wallet is one of its account managers. */
  role: 'owner' | 'manager';
}

export type LensSignIn =
  | { status: 'signed-in' }
  | {
      status: 'refused';
      branch: 'WrongSignerError' | 'ExpiredChallengeError' | 'ForbiddenError';
      message: string;
    };

/**
 * A transaction Lens asks the wallet to send: an EIP-1559 one the wallet pays for
 * (SelfFundedTransactionRequest), or a gas-sponsored zkSync EIP-712 one the wallet only signs
 * (SponsoredTransactionRequest; its paymaster pays).
 */
export type LensTransaction =
  ({ kind: 'eip1559' } & LensEip1559Transaction) | ({ kind: 'eip712' } & ZkSyncEip712Transaction);

interface LensEip1559Transaction {
  to: EvmAddress;
  from: EvmAddress;
  data: string;
  /** Wei, gas and fees as decimal strings (BigInt scalars). */
  value: string;
  gasLimit: number;
  maxFeePerGas: string;
  maxPriorityFeePerGas: string;
  chainId: number;
  nonce: number;
}

export type LensWrite =
  | { status: 'sent'; hash: TxHash }
  | { status: 'sign'; reason: string; transaction: LensTransaction }
  | { status: 'refused'; message: string };

export type LensIndexing =
  { status: 'indexed' } | { status: 'failed'; message: string } | { status: 'not-yet' };

export interface LensPost {
  id: PostId;
  kind: 'Post' | 'Repost';
  /** Text-only content; null for a repost or another kind of metadata. */
  content: string | null;
  timestamp: string;
  author: { address: EvmAddress; username: string | null };
  stats: {
    comments: number;
    reposts: number;
    quotes: number;
    reactions: number;
    collects: number;
    bookmarks: number;
  } | null;
}

export interface LensPage<T> {
  items: T[];
  pageInfo: { next: Cursor | null; prev: Cursor | null };
}
