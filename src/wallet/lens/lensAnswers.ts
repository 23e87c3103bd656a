import { LENS_TEXT, withReason } from '../../domain/wallet/lensText';
import { evmAddress, txHash } from './scalars';
import type { LensAccount, LensWrite } from './lensTypes';

/**
 * Lens' raw answers as the app's values (./lensTypes.ts): an account, and each branch of a
 * write's answer (PostResult, FollowResult, UnfollowResult) as sent, to sign, or refused in
 * words. Used by the client (./lensClient.ts).
 */

export interface RawAccount {
  address: string;
  owner: string;
  username: { localName: string; value: string } | null;
  metadata: { name: string | null; bio: string | null; picture: string | null } | null;
  operations?: { isFollowedByMe: boolean } | null;
}

export function toAccount(raw: RawAccount, stats: LensAccount['stats'] = null): LensAccount {
  return {
    address: evmAddress(raw.address),
    owner: evmAddress(raw.owner),
    username: raw.username?.localName ?? null,
    metadata: raw.metadata
      ? { name: raw.metadata.name, bio: raw.metadata.bio, picture: raw.metadata.picture }
      : null,
    stats,
    isFollowedByMe: raw.operations ? raw.operations.isFollowedByMe : null,
  };
}

export type RawWrite = {
  __typename: string;
  hash?: string;
  reason?: string;
  raw?: Record<string, unknown>;
};

/** One line per branch of PostResult, FollowResult and UnfollowResult. */
export function toWrite(r: RawWrite, refusedLine: string): LensWrite {
  switch (r.__typename) {
    case 'PostResponse':
    case 'FollowResponse':
    case 'UnfollowResponse':
      return { status: 'sent', hash: txHash(r.hash) };
    case 'SelfFundedTransactionRequest': {
      const raw = r.raw ?? {};
      return {
        status: 'sign',
        reason: r.reason ?? '',
        transaction: {
          kind: 'eip1559',
          to: evmAddress(raw.to),
          from: evmAddress(raw.from),
          data: String(raw.data),
          value: String(raw.value),
          gasLimit: Number(raw.gasLimit),
          maxFeePerGas: String(raw.maxFeePerGas),
          maxPriorityFeePerGas: String(raw.maxPriorityFeePerGas),
          chainId: Number(raw.chainId),
          nonce: Number(raw.nonce),
        },
      };
    }
    case 'SponsoredTransactionRequest': {
      const raw = r.raw ?? {};
      const meta = (raw.customData ?? {}) as {
        gasPerPubdata?: unknown;
        factoryDeps?: unknown[];
        paymasterParams?: { paymaster: unknown; paymasterInput: unknown } | null;
      };
      return {
        status: 'sign',
        reason: r.reason ?? '',
        transaction: {
          kind: 'eip712',
          to: evmAddress(raw.to),
          from: evmAddress(raw.from),
          data: String(raw.data),
          value: String(raw.value),
          gasLimit: String(raw.gasLimit),
          maxFeePerGas: String(raw.maxFeePerGas),
          maxPriorityFeePerGas: String(raw.maxPriorityFeePerGas),
          chainId: Number(raw.chainId),
          nonce: Number(raw.nonce),
          gasPerPubdata: String(meta.gasPerPubdata),
          factoryDeps: (meta.factoryDeps ?? []).map(String),
          paymaster: meta.paymasterParams ? evmAddress(meta.paymasterParams.paymaster) : null,
          paymasterInput: meta.paymasterParams ? String(meta.paymasterParams.paymasterInput) : null,
        },
      };
    }
    case 'TransactionWillFail':
      return { status: 'refused', message: withReason(LENS_TEXT.willFail, r.reason) };
    case 'PostOperationValidationFailed':
    case 'AccountFollowOperationValidationFailed':
      return { status: 'refused', message: withReason(refusedLine, r.reason) };
    default:
      return {
        status: 'refused',
        message: `Lens answered with ${r.__typename}, which this app does not know.`,
      };
  }
}
