/**
 * Flow transaction status (docs/product.md § Wallets and tokens): the access API reports
 * 0 unknown, 1 pending, 2 finalized, 3 executed, 4 sealed, 5 expired. Sealed and expired
 * are final; sealed without an error message is success. Pure.
 */
import { transactionFailedMessage, transactionTimeoutMessage } from '../errors/messages';
import { FLOW_TX } from './constants';

const TX_STATUS = Object.freeze({
  unknown: 0,
  pending: 1,
  finalized: 2,
  executed: 3,
  sealed: 4,
  expired: 5,
});
export type TxStatusName = keyof typeof TX_STATUS;

export function txStatusName(code: number): TxStatusName {
  const found = (Object.keys(TX_STATUS) as TxStatusName[]).find((k) => TX_STATUS[k] === code);
  return found ?? 'unknown';
}

export function isFinalStatus(code: number): boolean {
  return code === TX_STATUS.sealed || code === TX_STATUS.expired;
}

interface TxResultLike {
  status: number;
  errorMessage?: string | null;
}

type TxOutcome =
  { kind: 'waiting' } | { kind: 'success' } | { kind: 'failed'; message: string };

/** What a status read means: keep waiting, done, or failed with 'Transaction failed: …'. */
export function txOutcome(result: TxResultLike): TxOutcome {
  const error = result.errorMessage?.trim();
  if (error) return { kind: 'failed', message: transactionFailedMessage(error) };
  if (result.status === TX_STATUS.expired)
    return {
      kind: 'failed',
      message: transactionFailedMessage('the transaction expired before it was sealed'),
    };
  if (result.status === TX_STATUS.sealed) return { kind: 'success' };
  return { kind: 'waiting' };
}

/** 'Transaction {id} timed out after 30000ms' */
export function txTimeoutMessage(txId: string, timeoutMs: number = FLOW_TX.timeoutMs): string {
  return transactionTimeoutMessage(txId, timeoutMs);
}

/**
 * Whether a failed attempt may be sent again: network trouble, an overloaded access node,
 * or a proposal key sequence number taken by a concurrent transaction. Never after the
 * user declined in the wallet, nor when the Cadence itself failed.
 */
export function isRetryableFlowError(message: string): boolean {
  const m = message.toLowerCase();
  if (/declined|rejected|cancel|denied|aborted|halted/.test(m)) return false;
  if (isSequenceNumberError(m)) return true;
  return /network|fetch|timeout|timed out|econn|socket|503|502|504|429|unavailable|too many requests/.test(
    m,
  );
}

/** The chain refused the transaction because its proposal key's sequence number was already used. */
export function isSequenceNumberError(message: string): boolean {
  return /sequence number/i.test(message);
}

/** Whether the message says the user declined in the wallet. */
export function isUserRejection(message: string): boolean {
  return /declined|rejected|cancel|denied|halted/i.test(message);
}
