import type { Context } from 'hono';
import { apiError, parsedBody, idParam, asApiCaller, type CallerDeps } from '../api/respond';
import { COMMUNITY_MEMBER } from './rows';
import { isPgError } from '../db/types';
import { RestError } from '../rest/errors';
import { followSchema } from '../../src/contracts/communitySchemas';

/** POST /api/social/follow {userId}: the caller follows that member (a repeat changes nothing). */
export function follow(c: Context, deps: CallerDeps): Promise<Response> {
  return asApiCaller(c, deps, COMMUNITY_MEMBER, async (caller) => {
    const body = await parsedBody(c, followSchema);
    if (body instanceof Response) return body;
    if (body.userId === caller.userId) {
      return apiError(c, 400, 'validation_failed', 'You cannot follow yourself', 'userId');
    }
    try {
      await caller.run((tx) =>
        tx.query(
          'insert into public.social_follows (follower_id, followee_id) values (auth.uid(), $1) on conflict do nothing',
          [body.userId],
        ),
      );
    } catch (e) {
      const fk = (e instanceof RestError && e.code === '23503') || (isPgError(e) && e.code === '23503');
      if (fk) return apiError(c, 404, 'not_found', 'No member with that id', 'userId');
      throw e;
    }
    return c.json({ userId: body.userId, following: true });
  });
}

/** DELETE /api/social/follow/:userId: the caller stops following that member. */
export function unfollow(c: Context, deps: CallerDeps): Promise<Response> {
  return asApiCaller(c, deps, COMMUNITY_MEMBER, async (caller) => {
    const id = idParam(c, 'userId', 'member');
    if (id instanceof Response) return id;
    await caller.run((tx) =>
      tx.query('delete from public.social_follows where follower_id = auth.uid() and followee_id = $1', [id]),
    );
    return c.json({ userId: id, following: false });
  });
}
