import { shortFlowAddress } from '../../domain/flow/address';
import type { TxProgress } from '../../flow/flowClient';

/** Words of the token screens. */
export const TOKEN_TEXT = {
  connect: 'Connect Flow wallet',
  connecting: 'Connecting…',
  disconnect: 'Disconnect',
  settingUp: 'Setting up your Flow account (one transaction, once)…',
  setUp: 'Set up account',
  notSetUp: 'This Flow account is not set up for pattern tokens yet.',
  mint: 'Mint token',
  minting: 'Minting…',
  batchTitle: 'Mint several patterns',
  batchMint: 'Mint selected',
  historyTitle: 'Your mints',
  noPatterns: 'Publish a pattern to the marketplace first: only published patterns can be minted.',
  noMints: 'No mints yet.',
  verified: 'verified on Flow',
  reported: 'reported by the creator',
} as const;

/** One line for a transaction's progress, for the live status region. */
export function progressText(p: TxProgress): string {
  switch (p.step) {
    case 'signing':
      return p.attempt > 1
        ? `Waiting for your wallet to sign (try ${p.attempt})…`
        : 'Waiting for your wallet to sign…';
    case 'submitted':
      return `Sent to Flow: transaction ${p.txId.slice(0, 8)}…`;
    case 'status':
      return {
        unknown: 'Waiting for Flow to see the transaction…',
        pending: 'Pending: waiting to be included in a block…',
        finalized: 'Finalized: in a block, executing…',
        executed: 'Executed: waiting for the seal…',
        sealed: 'Sealed.',
        expired: 'Expired before it was sealed.',
      }[p.status];
    case 'retrying':
      return `Trying again in ${Math.round(p.delayMs / 1000)} s (try ${p.attempt}): ${p.reason}`;
  }
}

/** 'Token #42 · owner 0x1122' (a Flow address shows its first 6 characters). */
export function tokenLine(tokenIds: readonly string[], owner: string | null): string {
  const ids = tokenIds.map((id) => `#${id}`).join(', ');
  const label = tokenIds.length === 1 ? 'Token' : 'Tokens';
  return owner ? `${label} ${ids} · owner ${shortFlowAddress(owner)}` : `${label} ${ids}`;
}
