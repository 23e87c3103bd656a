import { queryClient } from '../../backend/queryClient';
import { ERROR_TEXT } from '../../domain/errors/messages';
import { LENS_TEXT } from '../../domain/wallet/lensText';
import { notify } from '../../ui/toast';
import type { LensTransaction } from '../../wallet/lens/lensClient';
import {
  LENS_PUBLISH_TEXT,
  publishToLens,
  type CommunityPostForLens,
  type LensPublishResult,
} from '../../wallet/lens/publish';
import { recordLensPost } from '../../wallet/lens/recordLensPost';
import { getLensSession, lensPostLink, loadLens } from './lensRuntime';

/** What the composer knows once its community post went through, or did not. */
export interface AfterShare {
  /** The community post, when the server saved it; null when it was not saved. */
  saved: CommunityPostForLens | null;
  online: boolean;
}

export const LENS_TOAST = {
  published: 'Also published to Lens',
  notSaved:
    'Not published to Lens: the community post was not saved, so there was nothing to publish.',
  signedOut: 'Not published to Lens: sign in to Lens on your profile first.',
  retry: 'Retry',
  view: 'View on Lens',
  notRecorded: 'The community post does not show its Lens link yet: it could not be saved',
} as const;

export interface LensPublishDeps {
  /** Keeps the Lens post id with the community post (the server, by default). */
  record?: (communityPostId: string, lensPostId: string) => Promise<void>;
  /** Sends a transaction Lens asks the wallet to send (the connected EVM wallet, by default). */
  sendTransaction?: (tx: LensTransaction) => Promise<string>;
  /** How often and how long to wait for Lens to index the post (the client's defaults otherwise). */
  indexing?: { pollMs?: number; timeoutMs?: number };
}

/** The connected EVM wallet sends it (its code loads only when Lens asks for a signature). */
async function walletSends(tx: LensTransaction): Promise<string> {
  const { walletStore } = await import('./runtime');
  const evm = walletStore.client();
  if (!evm) throw new Error(ERROR_TEXT.noWalletConnected);
  const address = walletStore.getState().address;
  return tx.kind === 'eip712' ? evm.sendZkSyncEip712(address, tx) : evm.sendPrepared(address, tx);
}

/**
 * The Lens half of one press of Share (docs/product.md § Wallets and tokens), with its
 * toasts: the wallet is asked to sign when Lens wants it to send the transaction; 'Sent to
 * Lens: waiting for it to be indexed' while the post has no id; then the Lens post id (and a
 * link where one is configured, the id kept with the community post), that it is still not
 * indexed, why it failed (with Retry), or that it needs a connection. The community post is
 * never touched here.
 */
export async function publishAfterShare(
  input: AfterShare,
  deps: LensPublishDeps = {},
): Promise<LensPublishResult | null> {
  if (!input.online) {
    void notify.info(LENS_PUBLISH_TEXT.offline);
    return { status: 'offline' };
  }
  if (!input.saved) {
    void notify.info(LENS_TOAST.notSaved);
    return null;
  }
  return publishSaved(input.saved, {
    record: deps.record ?? recordLensPost,
    sendTransaction: deps.sendTransaction ?? walletSends,
    indexing: deps.indexing ?? {},
  });
}

async function publishSaved(
  post: CommunityPostForLens,
  deps: Required<LensPublishDeps>,
): Promise<LensPublishResult | null> {
  const lens = await loadLens();
  if (!lens || !getLensSession().signedIn) {
    void notify.error(LENS_TOAST.signedOut);
    return null;
  }
  const result = await publishToLens(lens.client, post, navigator.onLine, {
    sendTransaction: deps.sendTransaction,
    ...deps.indexing,
    onSign: () => void notify.info(LENS_TEXT.signInWallet),
    onPending: (hash) =>
      void notify.info(LENS_TEXT.pending, {
        description: `Transaction ${hash}`,
        duration: Infinity,
      }),
  });
  if (result.status === 'published') {
    const link = lensPostLink(lens.postUrl, result.id);
    let recorded = '';
    try {
      await deps.record(post.id, result.id);
      void queryClient.invalidateQueries({ queryKey: ['social'] }); // the feed's 'Also on Lens'
    } catch (e) {
      recorded = ` ${LENS_TOAST.notRecorded}: ${e instanceof Error ? e.message : String(e)}.`;
    }
    void notify.success(LENS_TOAST.published, {
      description: `Lens post ${result.id}.${recorded}`,
      action: link
        ? { label: LENS_TOAST.view, onClick: () => void window.open(link, '_blank', 'noopener') }
        : undefined,
    });
  } else if (result.status === 'offline') {
    void notify.info(LENS_PUBLISH_TEXT.offline);
  } else if (result.status === 'pending') {
    // Sent, but its id is unknown: no Retry (that would post twice), nothing recorded.
    void notify.info(LENS_TEXT.notIndexedYet, { description: `Transaction ${result.txHash}` });
  } else {
    void notify.error(result.message, {
      action: { label: LENS_TOAST.retry, onClick: () => void publishSaved(post, deps) },
    });
  }
  return result;
}
