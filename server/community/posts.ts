import type { Context } from 'hono';
import { z } from 'zod';
import { apiError, parsedBody, idParam, asApiCaller, type CallerDeps } from '../api/respond';
import type { Tx } from '../db/types';
import { decodeCursor, encodeCursor } from './cursor';
import { SOCIAL_LIMITS } from '../../src/contracts/community';
import { POST_COLUMNS, toPost, type PostRow } from './postRows';
import { deleteOwn, COMMUNITY_MEMBER } from './rows';
import { shareSchema, type ShareBody } from '../../src/contracts/communitySchemas';

/** Groups posts of one pattern: its id, else its name (case-insensitive). */
export function patternKey(p: ShareBody['metadata']['breathingPattern']): string {
  return p.id ?? `name:${p.name.toLowerCase()}`;
}

async function readPost(tx: Tx, id: string): Promise<PostRow | undefined> {
  const r = await tx.query<PostRow>(`select ${POST_COLUMNS} from public.social_posts p where p.id = $1`, [id]);
  return r.rows[0];
}

/**
 * POST /api/social/share {id?, type: BREATHING_SESSION, content, metadata: {breathingPattern,
 * session?}}: 201 with the post. The client-made id makes a resend harmless: the same id of
 * the caller's answers 200 with the stored post; someone else's id is a 409.
 */
export function sharePost(c: Context, deps: CallerDeps): Promise<Response> {
  return asApiCaller(c, deps, COMMUNITY_MEMBER, async (caller) => {
    const body = await parsedBody(c, shareSchema);
    if (body instanceof Response) return body;
    const { breathingPattern, session } = body.metadata;
    return caller.run(async (tx) => {
      const ins = await tx.query<{ id: string }>(
        `insert into public.social_posts (id, user_id, type, content, pattern, pattern_key, session)
         values (coalesce($1::uuid, gen_random_uuid()), auth.uid(), $2, $3, $4::jsonb, $5, $6::jsonb)
         on conflict (id) do nothing returning id`,
        [
          body.id ?? null,
          body.type,
          body.content,
          JSON.stringify(breathingPattern),
          patternKey(breathingPattern),
          session ? JSON.stringify(session) : null,
        ],
      );
      const id = ins.rows[0]?.id ?? body.id!;
      const row = await readPost(tx, id);
      if (!row) throw new Error(`post ${id} not readable after insert`);
      if (!ins.rows[0] && !row.is_own) {
        return apiError(c, 409, 'conflict', 'That post id is already used: send a new id', 'id');
      }
      const post = toPost(row);
      if (!post) return apiError(c, 409, 'conflict', 'That post id is already used: send a new id', 'id');
      return c.json({ post }, ins.rows[0] ? 201 : 200);
    });
  });
}

/**
 * GET /api/social/timeline?cursor=: posts by you and the people you follow first, then
 * everyone else, newest first within each; 20 a page; posts you reported never appear.
 */
export function timeline(c: Context, deps: CallerDeps): Promise<Response> {
  return asApiCaller(c, deps, COMMUNITY_MEMBER, async (caller) => {
    const cursor = decodeCursor(c.req.query('cursor'));
    if (cursor === 'invalid') {
      return apiError(c, 400, 'invalid_cursor', 'cursor is not one this server gave out: start again without it', 'cursor');
    }
    const size = SOCIAL_LIMITS.pageSize;
    const rows = await caller.run((tx) =>
      tx.query<PostRow & { grp: number; ts: string }>(
        `select * from (
           select ${POST_COLUMNS}, p.created_at as ts,
             case when p.user_id = auth.uid() or exists (
               select 1 from public.social_follows f where f.follower_id = auth.uid() and f.followee_id = p.user_id
             ) then 0 else 1 end as grp
           from public.social_posts p
           where not exists (
             select 1 from public.social_reports x where x.post_id = p.id and x.reporter_id = auth.uid())
         ) t
         where $1::int is null or t.grp > $1::int
            or (t.grp = $1::int and (t.ts, t.id) < ($2::timestamptz, $3::uuid))
         order by t.grp, t.ts desc, t.id desc
         limit $4`,
        [cursor?.g ?? null, cursor?.t ?? null, cursor?.i ?? null, size + 1],
      ),
    );
    const page = rows.rows.slice(0, size);
    const last = page[page.length - 1];
    const nextCursor =
      rows.rows.length > size && last ? encodeCursor({ g: last.grp, t: last.created_at, i: last.id }) : null;
    return c.json({
      items: page.flatMap((r) => {
        const post = toPost(r);
        return post ? [{ ...post, fromFollowing: r.grp === 0 }] : [];
      }),
      nextCursor,
    });
  });
}

/** DELETE /api/social/posts/:id: 204 for your own post; 403 for someone else's; 404 if none. */
export function deletePost(c: Context, deps: CallerDeps): Promise<Response> {
  return deleteOwn(c, deps, { table: 'social_posts', what: 'post', missing: 'No post with that id (it may have been deleted)' });
}

/**
 * GET /api/social/posts/mine: the caller's own posts (newest 100) with their reactions and
 * comments, and totals of what others gave (for the share screen's Analytics).
 */
export function myPosts(c: Context, deps: CallerDeps): Promise<Response> {
  return asApiCaller(c, deps, COMMUNITY_MEMBER, (caller) =>
    caller.run(async (tx) => {
      const posts = await tx.query<PostRow>(
        `select ${POST_COLUMNS} from public.social_posts p where p.user_id = auth.uid()
         order by p.created_at desc, p.id desc limit 100`,
      );
      const totals = await tx.query<{ posts: number; reactions: number; comments: number }>(
        `select (select count(*)::int from public.social_posts where user_id = auth.uid()) as posts,
           (select count(*)::int from public.social_reactions r join public.social_posts p on p.id = r.post_id
             where p.user_id = auth.uid() and r.user_id <> auth.uid()) as reactions,
           (select count(*)::int from public.social_comments m join public.social_posts p on p.id = m.post_id
             where p.user_id = auth.uid() and m.user_id <> auth.uid()) as comments`,
      );
      return c.json({ totals: totals.rows[0], items: posts.rows.flatMap((r) => toPost(r) ?? []) });
    }),
  );
}

const lensBody = z
  .object({
    lensPostId: z
      .string({ error: 'lensPostId must be text' })
      .regex(/^[A-Za-z0-9][A-Za-z0-9:_.-]{0,199}$/, 'lensPostId is not a Lens post id'),
  })
  .strict();

/**
 * PUT /api/social/posts/:id/lens {lensPostId}: records the Lens post a community post was also
 * published as (docs/product.md § Wallets and tokens). The author's own post only (403 for
 * someone else's, 404 if none), once: the same id again is 200, another one 403 (the table's
 * trigger, migration 20261123065000_lens_posts.sql). 200 with the post.
 */
export function recordLensPost(c: Context, deps: CallerDeps): Promise<Response> {
  return asApiCaller(c, deps, COMMUNITY_MEMBER, async (caller) => {
    const id = idParam(c, 'id', 'post');
    if (id instanceof Response) return id;
    const body = await parsedBody(c, lensBody);
    if (body instanceof Response) return body;
    return caller.run(async (tx) => {
      const row = await readPost(tx, id);
      if (!row) return apiError(c, 404, 'not_found', 'No post with that id (it may have been deleted)');
      if (!row.is_own) return apiError(c, 403, 'forbidden', 'You can record a Lens post only for your own posts');
      await tx.query('update public.social_posts set lens_post_id = $2 where id = $1', [id, body.lensPostId]);
      const post = toPost({ ...row, lens_post_id: body.lensPostId });
      return post ? c.json({ post }) : apiError(c, 409, 'conflict', 'This post cannot be shown');
    });
  });
}
