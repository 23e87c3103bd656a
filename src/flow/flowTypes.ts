// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- @onflow/fcl has no types; the Node project (tests) reaches this file too
/// <reference path="./fcl.d.ts" />
import type * as Fcl from '@onflow/fcl';
import type { FlowEvent } from '../domain/flow/events';
import type { TxStatusName } from '../domain/flow/txStatus';

/**
 * What the token-wallet client (./flowClient.ts) takes and gives: the FCL module it runs
 * on, the wallet's user and account, a transaction's progress and sealed result, and the
 * pattern tokens' views as the contract's scripts return them.
 */

export type FclModule = typeof Fcl;

export interface FlowUser {
  addr: string | null;
  loggedIn: boolean;
}

export interface FlowAccountInfo {
  address: string;
  /** FLOW, as the chain's decimal string. */
  balance: string;
  isInitialized: boolean;
}

/** One step of a transaction, for the status line: waiting for the wallet, then the chain's statuses. */
export type TxProgress =
  | { step: 'signing'; attempt: number }
  | { step: 'submitted'; txId: string }
  | { step: 'status'; txId: string; status: TxStatusName }
  | { step: 'retrying'; attempt: number; delayMs: number; reason: string };

export interface SealedTransaction {
  txId: string;
  events: FlowEvent[];
}

export interface MintResult extends SealedTransaction {
  tokenIds: string[];
  owner: string | null;
}

export interface FlowClientDeps {
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /** Signs as proposer, payer and authorizer (default: the connected wallet, fcl.authz). */
  authz?: Fcl.AuthorizationFunction;
  /** For the sealed-block check (default: the global fetch). */
  fetch?: typeof fetch;
}

export interface PatternTokenView {
  id: string;
  patternId: string;
  name: string;
  description: string;
  image: string;
  creator: string;
  owner: string | null;
  edition: string;
  attributes: Record<string, unknown>;
}

export interface PatternTokenDetails {
  pattern: PatternTokenView;
  /** The token's MetadataViews.ExternalURL (the pattern's marketplace page), or null. */
  externalURL: string | null;
  royalties: { receiver: string; cut: string; description: string }[];
}
