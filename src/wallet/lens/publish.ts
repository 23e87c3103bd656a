import type { LensClient, LensTransaction } from './lensClient';
import { txHash, type PostId, type TxHash } from './scalars';

/**
 * Publishing a community post to Lens as well (docs/product.md § Wallets and tokens): the
 * post's text goes up as Lens text-only post metadata (its id is the community post's id, so
 * the two can be matched), then the post mutation sends that content's URI. Lens answers with
 * a transaction it sent itself, one for the wallet to send, or a refusal; either way the post
 * has no id until Lens has indexed the transaction, so the caller is told when it is pending
 * and the id is looked up only once indexing has finished. The community post is saved first
 * and never depends on this step.
 */

export const LENS_TEXT_ONLY_SCHEMA = 'https://json-schemas.lens.dev/posts/text-only/3.0.0.json';

export interface CommunityPostForLens {
  /** The community post's id. */
  id: string;
  content: string;
  locale?: string;
}

export type LensPublishResult =
  | { status: 'published'; id: PostId; txHash: TxHash }
  /** Sent, but not indexed within the wait: the post id is not known. */
  | { status: 'pending'; txHash: TxHash }
  | { status: 'offline' }
  | { status: 'failed'; message: string };

export const LENS_PUBLISH_TEXT = {
  offline: 'Publishing to Lens needs a connection: your post was not sent to Lens.',
  failedPrefix: 'Not published to Lens',
} as const;

interface LensPublishHooks {
  /** Sends a transaction Lens asked the wallet to send; answers its hash. */
  sendTransaction: (tx: LensTransaction) => Promise<string>;
  /** Told once when the wallet is asked to sign. */
  onSign?: () => void;
  /** Told once the transaction is sent and Lens is indexing it. */
  onPending?: (hash: TxHash) => void;
  pollMs?: number;
  timeoutMs?: number;
}

/** The Lens text-only post metadata of a community post. */
function lensPostContent(post: CommunityPostForLens): Record<string, unknown> {
  return {
    $schema: LENS_TEXT_ONLY_SCHEMA,
    lens: {
      id: post.id,
      content: post.content,
      locale: post.locale ?? 'en',
      mainContentFocus: 'TEXT_ONLY',
    },
  };
}

const failed = (why: string): LensPublishResult => ({
  status: 'failed',
  message: `${LENS_PUBLISH_TEXT.failedPrefix}: ${why}`,
});
const reasonOf = (e: unknown) => (e instanceof Error && e.message ? e.message : String(e));

/**
 * Uploads the content, posts it with the signed-in Lens session, lets the wallet send the
 * transaction when Lens asks for that, waits for indexing and looks up the post id. Never
 * throws: offline (the browser says so) nothing is sent; any refusal comes back as a failure
 * with its reason; a transaction still not indexed at the end of the wait is 'pending'.
 */
export async function publishToLens(
  client: Pick<LensClient, 'post' | 'waitForIndexing' | 'postIdOf'>,
  post: CommunityPostForLens,
  online: boolean,
  hooks: LensPublishHooks,
): Promise<LensPublishResult> {
  if (!online) return { status: 'offline' };
  let hash: TxHash;
  try {
    const answer = await client.post(lensPostContent(post));
    if (answer.status === 'refused') return failed(answer.message);
    if (answer.status === 'sign') {
      hooks.onSign?.();
      hash = txHash(await hooks.sendTransaction(answer.transaction));
    } else {
      hash = answer.hash;
    }
  } catch (e) {
    return failed(reasonOf(e));
  }
  hooks.onPending?.(hash);
  try {
    const indexing = await client.waitForIndexing(hash, {
      pollMs: hooks.pollMs,
      timeoutMs: hooks.timeoutMs,
    });
    if (indexing.status === 'failed') return failed(indexing.message);
    if (indexing.status === 'not-yet') return { status: 'pending', txHash: hash };
    const id = await client.postIdOf(hash);
    return id ? { status: 'published', id, txHash: hash } : { status: 'pending', txHash: hash };
  } catch {
    // The post was sent; only the check failed. Its id stays unknown here.
    return { status: 'pending', txHash: hash };
  }
}
