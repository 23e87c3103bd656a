import type { LensClient } from './lensClient';

/**
 * Publishing a community post to Lens as well (docs/product.md § Wallets and tokens): the
 * post's text goes up as Lens text-only post metadata (its id is the community post's id,
 * so the two can be matched), then the post mutation sends that content's URI. The
 * community post is saved first and never depends on this step.
 */

export const LENS_TEXT_ONLY_SCHEMA = 'https://json-schemas.lens.dev/posts/text-only/3.0.0.json';

export interface CommunityPostForLens {
  /** The community post's id. */
  id: string;
  content: string;
  locale?: string;
}

export type LensPublishResult =
  | { status: 'published'; id: string; txHash: string }
  | { status: 'offline' }
  | { status: 'failed'; message: string };

export const LENS_PUBLISH_TEXT = {
  offline: 'Publishing to Lens needs a connection: your post was not sent to Lens.',
  failedPrefix: 'Not published to Lens',
} as const;

/** The Lens text-only post metadata of a community post. */
export function lensPostContent(post: CommunityPostForLens): Record<string, unknown> {
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

/**
 * Uploads the content and posts it with the signed-in Lens session. Never throws: offline
 * (the browser says so) nothing is sent; any refusal comes back as a failure with its reason.
 */
export async function publishToLens(
  client: Pick<LensClient, 'post'>,
  post: CommunityPostForLens,
  online: boolean,
): Promise<LensPublishResult> {
  if (!online) return { status: 'offline' };
  try {
    const { id, txHash } = await client.post(lensPostContent(post));
    return { status: 'published', id, txHash };
  } catch (e) {
    const why = e instanceof Error && e.message ? e.message : String(e);
    return { status: 'failed', message: `${LENS_PUBLISH_TEXT.failedPrefix}: ${why}` };
  }
}
