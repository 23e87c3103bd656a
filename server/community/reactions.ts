import { parsedBody, idParam, asApiCaller, type CallerDeps } from '../api/respond';
import type { Context } from 'hono';
import type { Tx } from '../db/types';
import { noPost, postExists, COMMUNITY_MEMBER } from './rows';
import { postRefSchema } from '../../src/contracts/communitySchemas';

async function reactionCount(tx: Tx, postId: string): Promise<number> {
  const r = await tx.query<{ n: number }>(
    'select count(*)::int as n from public.social_reactions where post_id = $1',
    [postId],
  );
  return r.rows[0]?.n ?? 0;
}

/** POST /api/social/react {postId}: the caller reacts to a post (once; a repeat changes nothing). */
export function react(c: Context, deps: CallerDeps): Promise<Response> {
  return asApiCaller(c, deps, COMMUNITY_MEMBER, async (caller) => {
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
export function unreact(c: Context, deps: CallerDeps): Promise<Response> {
  return asApiCaller(c, deps, COMMUNITY_MEMBER, async (caller) => {
    const id = idParam(c, 'postId', 'post');
    if (id instanceof Response) return id;
    return caller.run(async (tx) => {
      if (!(await postExists(tx, id))) return noPost(c);
      // Row-level security: only the caller's own reaction can go.
      await tx.query('delete from public.social_reactions where post_id = $1 and user_id = auth.uid()', [id]);
      return c.json({ postId: id, reacted: false, reactions: await reactionCount(tx, id) });
    });
  });
}
