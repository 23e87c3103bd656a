import { getSupabase } from '../../backend/supabaseClient';

/**
 * Keeps the Lens post's id with the community post (docs/product.md § Wallets and tokens):
 * the author's own row, under row-level security; the id is set once. Throws with the
 * server's reason when it is refused or cannot be reached.
 */
export async function recordLensPost(communityPostId: string, lensPostId: string): Promise<void> {
  const { error } = await (
    await getSupabase()
  )
    .from('social_posts')
    .update({ lens_post_id: lensPostId })
    .eq('id', communityPostId);
  if (error) throw new Error(error.message);
}
