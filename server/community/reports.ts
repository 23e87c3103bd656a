import type { Context } from 'hono';
import { apiError, parsedBody, asApiCaller, type CallerDeps } from '../api/respond';
import { COMMUNITY_MEMBER } from './rows';
import { reportSchema } from '../../src/contracts/communitySchemas';

/**
 * POST /api/social/report {postId, reason, details?}: files a report and hides the post from
 * the reporter's timeline at once. Reporting the same post again changes nothing.
 */
export function reportPost(c: Context, deps: CallerDeps): Promise<Response> {
  return asApiCaller(c, deps, COMMUNITY_MEMBER, async (caller) => {
    const body = await parsedBody(c, reportSchema);
    if (body instanceof Response) return body;
    return caller.run(async (tx) => {
      const post = await tx.query<{ user_id: string }>('select user_id from public.social_posts where id = $1', [
        body.postId,
      ]);
      const owner = post.rows[0]?.user_id;
      if (!owner) return apiError(c, 404, 'not_found', 'No post with that id (it may have been deleted)');
      if (owner === caller.userId) {
        return apiError(c, 400, 'validation_failed', 'You cannot report your own post: delete it instead', 'postId');
      }
      await tx.query(
        `insert into public.social_reports (post_id, reporter_id, reason, details)
         values ($1, auth.uid(), $2, $3) on conflict (post_id, reporter_id) do nothing`,
        [body.postId, body.reason, body.details || null],
      );
      return c.json({ postId: body.postId, hidden: true }, 201);
    });
  });
}
