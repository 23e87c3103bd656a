import type { Context } from 'hono';
import { apiError, asApiCaller, idParam, type CallerDeps } from '../api/respond';
import type { Tx } from '../db/types';

/** Every community endpoint needs a signed-in member (../api/respond.ts apiCaller). */
export const COMMUNITY_MEMBER = { guests: false, signIn: 'Not authenticated: sign in to use the community' } as const;

export async function postExists(tx: Tx, id: string): Promise<boolean> {
  return Boolean((await tx.query('select 1 from public.social_posts where id = $1', [id])).rows[0]);
}

export const noPost = (c: Context) => apiError(c, 404, 'not_found', 'No post with that id (it may have been deleted)');

/**
 * DELETE of one of the caller's rows: 204 when it went; 403 for someone else's; 404 when
 * there is none. Row-level security limits the delete to the caller's own rows, so a
 * delete that touched nothing tells the two apart by looking.
 */
export function deleteOwn(
  c: Context,
  deps: CallerDeps,
  row: { table: 'social_posts' | 'social_comments'; what: 'post' | 'comment'; missing: string },
): Promise<Response> {
  return asApiCaller(c, deps, COMMUNITY_MEMBER, async (caller) => {
    const id = idParam(c, 'id', row.what);
    if (id instanceof Response) return id;
    return caller.run(async (tx) => {
      const del = await tx.query(`delete from public.${row.table} where id = $1`, [id]);
      if (del.rowCount > 0) return c.body(null, 204);
      const exists = await tx.query(`select 1 from public.${row.table} where id = $1`, [id]);
      return exists.rows[0]
        ? apiError(c, 403, 'forbidden', `You can delete only your own ${row.what}s`)
        : apiError(c, 404, 'not_found', row.missing);
    });
  });
}
