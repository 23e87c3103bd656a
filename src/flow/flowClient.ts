/**
 * The token-wallet (Flow) client over FCL (docs/product.md § Wallets and tokens). Built by
 * loadFlowClient (./loadFlowClient.ts), which imports FCL lazily; everything here takes the
 * FCL module as a parameter, so tests run it against a fake access API.
 *
 * Transactions: compute limit 1000; a failed submission, or a proposal key sequence number
 * taken by a concurrent transaction, is retried 3 times after 1 s, 2 s, 3 s; the status is
 * read every 1 s until sealed or expired, for at most 30 s; batches run 3 at a time. Before a
 * mint the access node is asked for its latest sealed block (GET /v1/blocks?height=sealed);
 * when that fails the mint is not attempted: 'The Flow network cannot be reached'.
 */
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- @onflow/fcl has no types; the Node project (tests) reaches this file too
/// <reference path="./fcl.d.ts" />
import type * as Fcl from '@onflow/fcl';
import { AppError } from '../domain/errors/appErrors';
import { ERROR_TEXT } from '../domain/errors/messages';
import { normalizeFlowAddress } from '../domain/flow/address';
import {
  addressArg,
  batchMintPatternArgs,
  mintPatternArgs,
  transferArgs,
  toUInt64,
  type CadenceArg,
} from '../domain/flow/args';
import { settleWithLimit } from '../domain/flow/batch';
import type { FlowConfig } from '../domain/flow/config';
import { FLOW_CACHE_MS, FLOW_TX, flowRetryDelay } from '../domain/flow/constants';
import { mintedTokens } from '../domain/flow/events';
import { resolveImports } from '../domain/flow/imports';
import { FLOW_TEXT } from '../domain/flow/messages';
import type { PatternTokenMetadata } from '../domain/tokens/mintInput';
import {
  isFinalStatus,
  isRetryableFlowError,
  isSequenceNumberError,
  isUserRejection,
  txOutcome,
  txStatusName,
  txTimeoutMessage,
} from '../domain/flow/txStatus';
import { SCRIPTS, TRANSACTIONS, type ScriptName, type TransactionName } from './cadence';
import { argsBuilder, messageOf, toUser, walletError } from './fclValues';
import type {
  FclModule,
  FlowAccountInfo,
  FlowClientDeps,
  FlowUser,
  MintResult,
  PatternTokenDetails,
  PatternTokenView,
  SealedTransaction,
  TxProgress,
} from './flowTypes';
import { TtlCache } from './ttlCache';

export type {
  FclModule,
  FlowAccountInfo,
  FlowClientDeps,
  PatternTokenView,
  TxProgress,
} from './flowTypes';

/** How long the sealed-block check waits for the access node. */
const SEALED_CHECK_TIMEOUT_MS = 10_000;

export class FlowClient {
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => number;
  private readonly cache: TtlCache;

  constructor(
    private readonly fcl: FclModule,
    readonly config: FlowConfig,
    private readonly deps: FlowClientDeps = {},
  ) {
    this.sleep = deps.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
    this.now = deps.now ?? (() => Date.now());
    this.cache = new TtlCache(this.now);
  }

  // Wallet session

  async authenticate(): Promise<FlowUser> {
    try {
      const u = await this.fcl.currentUser.authenticate();
      const user = toUser(u);
      if (!user.loggedIn) throw walletError(ERROR_TEXT.connectionFailed);
      return user;
    } catch (e) {
      if (e instanceof AppError) throw e;
      throw walletError(ERROR_TEXT.connectionFailed, e);
    }
  }

  async unauthenticate(): Promise<void> {
    this.fcl.currentUser.unauthenticate();
    this.cache.clear();
    return Promise.resolve();
  }

  async user(): Promise<FlowUser> {
    return toUser(await this.fcl.currentUser.snapshot());
  }

  /** The connected address, or 'Not connected to Flow wallet'. */
  async connectedAddress(): Promise<string> {
    const u = await this.user();
    if (!u.loggedIn || !u.addr) throw walletError(FLOW_TEXT.notConnected);
    return u.addr;
  }

  /** `address` when given, else the connected one, else 'No address provided and user not connected'. */
  async lookupAddress(address?: string | null): Promise<string> {
    if (address) {
      const a = normalizeFlowAddress(address);
      if (!a) throw walletError(`Not a Flow address: ${address}`);
      return a;
    }
    const u = await this.user();
    if (!u.loggedIn || !u.addr) throw walletError(FLOW_TEXT.noAddress);
    return u.addr;
  }

  // Scripts

  private cadence(source: string): string {
    if (!this.config.contractAddress)
      throw new AppError(ERROR_TEXT.flowClientNotInitialized, {
        category: 'wallet',
        userMessage: this.config.problem ?? undefined,
      });
    return resolveImports(source, this.config.addresses);
  }

  private async script<T>(name: ScriptName, args: CadenceArg[]): Promise<T> {
    const result = await this.fcl.query({
      cadence: this.cadence(SCRIPTS[name]),
      args: argsBuilder(args),
      limit: FLOW_TX.gasLimit,
    });
    return result as T;
  }

  private async cached<T>(key: string, ttl: number, load: () => Promise<T>): Promise<T> {
    const hit = this.cache.get<T>(key);
    if (hit !== undefined) return hit;
    const value = await load();
    this.cache.set(key, value, ttl);
    return value;
  }

  async accountInfo(address?: string | null): Promise<FlowAccountInfo> {
    const a = await this.lookupAddress(address);
    return this.cached(`account:${a}`, FLOW_CACHE_MS.account, async () => {
      let r: { address: string; balance: string; isInitialized: boolean };
      try {
        r = await this.script('getAccountInfo', addressArg(a));
      } catch (e) {
        if (/account .*not found|could not find account|cannot find account/i.test(messageOf(e))) {
          throw walletError(ERROR_TEXT.accountNotFound, e);
        }
        throw e;
      }
      return { address: r.address, balance: r.balance, isInitialized: r.isInitialized === true };
    });
  }

  async isAccountReady(address?: string | null): Promise<boolean> {
    const a = await this.lookupAddress(address);
    return (await this.script<boolean>('isAccountReady', addressArg(a))) === true;
  }

  async collectionIds(address?: string | null): Promise<string[]> {
    const a = await this.lookupAddress(address);
    return this.cached(`ids:${a}`, FLOW_CACHE_MS.ids, async () =>
      (await this.script<string[]>('getCollectionIds', addressArg(a))).map(String),
    );
  }

  async collectionLength(address?: string | null): Promise<number> {
    const a = await this.lookupAddress(address);
    return Number(await this.script<string | number>('getCollectionLength', addressArg(a)));
  }

  async listPatterns(address?: string | null): Promise<PatternTokenView[]> {
    const a = await this.lookupAddress(address);
    return this.cached(`list:${a}`, FLOW_CACHE_MS.list, () =>
      this.script<PatternTokenView[]>('listPatterns', addressArg(a)),
    );
  }

  async tokenMetadata(id: string, address?: string | null): Promise<PatternTokenDetails | null> {
    const a = await this.lookupAddress(address);
    return this.cached(`metadata:${a}:${id}`, FLOW_CACHE_MS.metadata, () =>
      this.script<PatternTokenDetails | null>('getPatternMetadata', [
        ...addressArg(a),
        { name: 'id', type: 'UInt64', value: toUInt64(id) },
      ]),
    );
  }

  // Transactions

  /** Sends a transaction, retrying failed submissions; returns its id. */
  private async submit(
    name: TransactionName,
    args: CadenceArg[],
    attempt: number,
    onProgress?: (p: TxProgress) => void,
  ): Promise<string> {
    const authz = this.deps.authz ?? this.fcl.authz;
    onProgress?.({ step: 'signing', attempt });
    const txId = await this.fcl.mutate({
      cadence: this.cadence(TRANSACTIONS[name]),
      args: argsBuilder(args),
      limit: FLOW_TX.gasLimit,
      proposer: authz,
      payer: authz,
      authorizations: [authz],
    });
    onProgress?.({ step: 'submitted', txId });
    return txId;
  }

  /**
   * Reads the transaction's status every second until it is sealed or expired; 'Transaction
   * {id} timed out after 30000ms' when it is neither within 30 s; 'Transaction failed: …' when
   * the chain reports an error. A status read that fails is read again at the next tick.
   */
  async waitForTransaction(
    txId: string,
    onProgress?: (p: TxProgress) => void,
  ): Promise<SealedTransaction> {
    const started = this.now();
    let last: number | null = null;
    for (;;) {
      const status = await this.readStatus(txId);
      if (status) {
        if (status.status !== last) {
          last = status.status;
          onProgress?.({ step: 'status', txId, status: txStatusName(status.status) });
        }
        const outcome = txOutcome(status);
        if (outcome.kind === 'failed') throw walletError(outcome.message);
        if (outcome.kind === 'success' || isFinalStatus(status.status))
          return { txId, events: status.events ?? [] };
      }
      if (this.now() - started + FLOW_TX.pollIntervalMs > FLOW_TX.timeoutMs)
        throw walletError(txTimeoutMessage(txId));
      await this.sleep(FLOW_TX.pollIntervalMs);
    }
  }

  /** One status read; null when the read itself failed (it is read again at the next tick). */
  private async readStatus(txId: string): Promise<Fcl.TransactionStatus | null> {
    try {
      return (await this.fcl.decode(
        await this.fcl.send([this.fcl.getTransactionStatus(txId)]),
      )) as Fcl.TransactionStatus;
    } catch {
      return null;
    }
  }

  /**
   * Submits and waits. A submission that failed on the way (network, overloaded access node)
   * is sent again after 1 s, 2 s, 3 s; so is one the chain refused because a concurrent
   * transaction took the proposal key's sequence number. A submitted transaction that is
   * only slow is never sent twice (it may still seal), and a refusal in the wallet ends it.
   */
  async run(
    name: TransactionName,
    args: CadenceArg[],
    onProgress?: (p: TxProgress) => void,
  ): Promise<SealedTransaction> {
    await this.connectedAddress();
    for (let attempt = 1; ; attempt++) {
      let submitted = false;
      try {
        const txId = await this.submit(name, args, attempt, onProgress);
        submitted = true;
        return await this.waitForTransaction(txId, onProgress);
      } catch (e) {
        const message = messageOf(e);
        if (isUserRejection(message))
          throw new AppError(message, { category: 'wallet', code: 'rejected', cause: e });
        const again = submitted ? isSequenceNumberError(message) : isRetryableFlowError(message);
        if (attempt > FLOW_TX.retries || !again)
          throw e instanceof AppError ? e : walletError(message, e);
        const delayMs = flowRetryDelay(attempt);
        onProgress?.({ step: 'retrying', attempt: attempt + 1, delayMs, reason: message });
        await this.sleep(delayMs);
      }
    }
  }

  /** The account setup (an empty collection and a minter), only when the account is not set up yet. Returns whether it ran. */
  async ensureAccountSetup(onProgress?: (p: TxProgress) => void): Promise<boolean> {
    const address = await this.connectedAddress();
    if (await this.isAccountReady(address)) return false;
    await this.run('setupAccount', [], onProgress);
    this.cache.clear(`account:${address}`);
    return true;
  }

  /**
   * The access node's latest sealed block height (GET /v1/blocks?height=sealed); throws 'The
   * Flow network cannot be reached' when it does not answer with one within 10 s.
   */
  async sealedHeight(): Promise<string> {
    const doFetch = this.deps.fetch ?? fetch.bind(globalThis);
    const url = `${this.config.accessNode.replace(/\/+$/, '')}/v1/blocks?height=sealed`;
    try {
      const res = await doFetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(SEALED_CHECK_TIMEOUT_MS),
      });
      const body = res.ok ? ((await res.json()) as { header?: { height?: unknown } }[]) : null;
      const height = Array.isArray(body) ? body[0]?.header?.height : undefined;
      if (typeof height !== 'string' || !/^\d+$/.test(height))
        throw new Error(`GET /v1/blocks?height=sealed answered ${res.status} without a block`);
      return height;
    } catch (e) {
      throw new AppError(FLOW_TEXT.unreachable, { category: 'network', cause: e });
    }
  }

  /** Mints the token (or `copies` editions in one transaction) and reads the minted ids and owner from its events. */
  async mintPattern(
    metadata: PatternTokenMetadata,
    onProgress?: (p: TxProgress) => void,
  ): Promise<MintResult> {
    await this.connectedAddress(); // 'Not connected to Flow wallet' comes before any request
    await this.sealedHeight();
    const sealed =
      metadata.copies > 1
        ? await this.run('batchMintPattern', batchMintPatternArgs(metadata), onProgress)
        : await this.run('mintPattern', mintPatternArgs(metadata), onProgress);
    this.forget(metadata.recipient);
    return {
      ...sealed,
      ...mintedTokens(sealed.events, this.config.contractAddress ?? '', metadata.patternId),
    };
  }

  /** Mints several patterns, 3 transactions at a time; every item settles. */
  batchMint(
    items: readonly PatternTokenMetadata[],
    onProgress?: (index: number, p: TxProgress) => void,
  ): Promise<PromiseSettledResult<MintResult>[]> {
    return settleWithLimit(items, FLOW_TX.batchConcurrency, (m, i) =>
      this.mintPattern(m, (p) => onProgress?.(i, p)),
    );
  }

  async transfer(
    recipient: string,
    id: string,
    onProgress?: (p: TxProgress) => void,
  ): Promise<SealedTransaction> {
    const to = normalizeFlowAddress(recipient);
    if (!to) throw walletError(`Not a Flow address: ${recipient}`);
    const from = await this.connectedAddress();
    const sealed = await this.run('transferPattern', transferArgs(to, id), onProgress);
    this.forget(from);
    this.forget(to);
    return sealed;
  }

  /** Flow has no way to take back a sent transaction. */
  cancelTransaction(): never {
    throw walletError(ERROR_TEXT.transactionCancelUnsupported);
  }

  private forget(address: string): void {
    for (const kind of ['account', 'ids', 'list', 'metadata'])
      this.cache.clear(`${kind}:${address}`);
  }
}
