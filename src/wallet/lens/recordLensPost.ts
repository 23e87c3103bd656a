import { communityApi } from '../../backend/api/communityApi';

/**
 * Keeps the Lens post's id with the community post (docs/product.md § Wallets and tokens)
 * through the community API (PUT /api/social/posts/:id/lens: the author's own post, once; the
 * one write path of community posts, docs/product.md § Security). Throws with the server's
 * reason when it is refused or cannot be reached.
 */
export async function recordLensPost(communityPostId: string, lensPostId: string): Promise<void> {
  await communityApi.recordLensPost(communityPostId, lensPostId);
}
