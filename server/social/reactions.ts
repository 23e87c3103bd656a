import type { Context } from 'hono';
import { apiError } from '../api/respond';
import type { Tx } from '../db/types';
import { asCaller, parsedBody, type SocialDeps } from './context';
import { postRefSchema, uuidParam } from './schemas';

async function postExists(tx: Tx, id: string): Promise<boolean> {
  return Boolean((await tx.query('select 1 from public.social_posts where id = $1', [id])).rows[0]);
}

async function reactionCount(tx: Tx, postId: string): Promise<number> {
  const r = await tx.query<{ n: number }>(
    'select count(*)::int as n from public.social_reactions where post_id = $1',
    [postId],
  );
  return r.rows[0]?.n ?? 0;
}

const noPost = (c: Context) => apiError(c, 404, 'not_found', 'No post with that id (it may have been deleted)');

/** POST /api/social/react {postId}: the caller reacts to a post (once; a repeat changes nothing). */
export function react(c: Context, deps: SocialDeps): Promise<Response> {
  return asCaller(c, deps, async (caller) => {
    const body = await parsedBody(c, postRefSchema);
    if (body instanceof Response) return body;
    return caller.run(async (tx) => {
      if (!(await postExists(tx, body.postId))) return noPost(c);
      await tx.query(
        'insert into public.social_reactions (post_id, user_id) values ($1, auth.uid()) on conflict do nothing',
        [body.postId],
      );
      return c.json({ postId: body.postId, reacted: true, reactions: await reactionCount(tx, body.postId) });
    });
  });
}

/** DELETE /api/social/react/:postId: takes the caller's reaction back. */
export function unreact(c: Context, deps: SocialDeps): Promise<Response> {
  return asCaller(c, deps, async (caller) => {
    const id = uuidParam.safeParse(c.req.param('postId'));
    if (!id.success) return apiError(c, 400, 'validation_failed', 'The post id must be a UUID', 'postId');
    return caller.run(async (tx) => {
      if (!(await postExists(tx, id.data))) return noPost(c);
      // Row-level security: only the caller's own reaction can go.
      await tx.query('delete from public.social_reactions where post_id = $1 and user_id = auth.uid()', [id.data]);
      return c.json({ postId: id.data, reacted: false, reactions: await reactionCount(tx, id.data) });
    });
  });
}
