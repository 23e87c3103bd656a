import { AppError, HttpError } from '../../domain/errors/appErrors';
import { ERROR_CASES } from '../../domain/errors/messages';
import type { MintRequestInput } from '../../domain/tokens/mintInput';
import type { FlowClient, TxProgress } from '../../flow/flowClient';
import { tokensApi, type MintRecord } from '../../backend/api/tokensApi';

/**
 * Minting a published pattern end to end (docs/product.md § Wallets and tokens): the server
 * checks the inputs and that the pattern is the caller's, and answers with the token's
 * metadata; the wallet signs the mint; the sealed result (token ids, owner) or the failure
 * goes back to the server.
 */

/** What to tell the creator when a mint did not go through. */
export function failureText(e: unknown): string {
  if (e instanceof AppError && e.code === 'rejected') return ERROR_CASES['wallet.rejected'].message;
  if (e instanceof HttpError) return e.message;
  if (e instanceof AppError) return e.userMessage ?? e.message;
  if (e instanceof Error) return e.message;
  return String(e);
}

async function reportFailure(mintId: string, e: unknown): Promise<void> {
  await tokensApi
    .report(mintId, { status: 'failed', txId: null, error: failureText(e).slice(0, 500) })
    .catch(() => undefined);
}

export async function mintPublishedPattern(
  client: FlowClient,
  input: MintRequestInput,
  onProgress: (p: TxProgress) => void,
): Promise<MintRecord> {
  // The Flow network first: when it cannot be reached no mint request is recorded.
  await client.sealedHeight();
  const { mint, metadata } = await tokensApi.requestMint(input);
  let sealed;
  try {
    sealed = await client.mintPattern(metadata, onProgress);
  } catch (e) {
    await reportFailure(mint.id, e);
    throw e;
  }
  if (sealed.tokenIds.length === 0) {
    const e = new AppError(
      `Transaction ${sealed.txId} was sealed but minted no token of this pattern`,
      { category: 'wallet' },
    );
    await reportFailure(mint.id, e);
    throw e;
  }
  const r = await tokensApi.report(mint.id, {
    status: 'sealed',
    txId: sealed.txId,
    tokenIds: sealed.tokenIds,
    owner: sealed.owner,
  });
  return r.mint;
}

export type BatchItemResult = { ok: true; record: MintRecord } | { ok: false; error: string };

/** Several patterns: the server records each request, then the wallet signs them 3 at a time. */
export async function batchMintPatterns(
  client: FlowClient,
  inputs: readonly MintRequestInput[],
  onProgress: (index: number, p: TxProgress) => void,
): Promise<BatchItemResult[]> {
  await client.sealedHeight();
  const requested = await Promise.all(
    inputs.map((input) =>
      tokensApi.requestMint(input).then(
        (r) => ({ ok: true as const, ...r }),
        (e: unknown) => ({ ok: false as const, error: failureText(e) }),
      ),
    ),
  );
  const toMint = requested.flatMap((r, index) =>
    r.ok ? [{ index, mint: r.mint, metadata: r.metadata }] : [],
  );
  const settled = await client.batchMint(
    toMint.map((m) => m.metadata),
    (i, p) => onProgress(toMint[i]?.index ?? i, p),
  );
  const results: BatchItemResult[] = requested.map((r) =>
    r.ok ? { ok: false, error: '' } : { ok: false, error: r.error },
  );
  await Promise.all(
    toMint.map(async (m, i) => {
      const s = settled[i];
      if (s?.status === 'fulfilled' && s.value.tokenIds.length > 0) {
        const r = await tokensApi.report(m.mint.id, {
          status: 'sealed',
          txId: s.value.txId,
          tokenIds: s.value.tokenIds,
          owner: s.value.owner,
        });
        results[m.index] = { ok: true, record: r.mint };
      } else {
        const reason =
          s?.status === 'rejected'
            ? s.reason
            : new Error('The transaction was sealed but minted no token of this pattern');
        await reportFailure(m.mint.id, reason);
        results[m.index] = { ok: false, error: failureText(reason) };
      }
    }),
  );
  return results;
}
