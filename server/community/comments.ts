import type { Context } from 'hono';
import { apiError, parsedBody, idParam, asApiCaller, type CallerDeps } from '../api/respond';
import { cursorTime, decodeCursor, encodeCursor } from './cursor';
import { SOCIAL_LIMITS } from '../../src/contracts/community';
import { deleteOwn, noPost, postExists, COMMUNITY_MEMBER } from './rows';
import { commentSchema } from '../../src/contracts/communitySchemas';

interface CommentRow {
  id: string;
  post_id: string;
  user_id: string;
  author_name: string;
  content: string;
  created_at: string;
  is_own: boolean;
}

const COMMENT_COLUMNS = `m.id, m.post_id, m.user_id, public.social_author_name(m.user_id) as author_name,
  m.content, ${cursorTime('m.created_at')} as created_at, (m.user_id = auth.uid()) as is_own`;

function toComment(r: CommentRow) {
  return {
    id: r.id,
    postId: r.post_id,
    author: { id: r.user_id, name: r.author_name },
    content: r.content,
    createdAt: r.created_at,
    isOwn: r.is_own,
  };
}

/** GET /api/social/posts/:id/comments?cursor=: a post's comments, oldest first, 20 a page. */
export function listComments(c: Context, deps: CallerDeps): Promise<Response> {
  return asApiCaller(c, deps, COMMUNITY_MEMBER, async (caller) => {
    const id = idParam(c, 'id', 'post');
    if (id instanceof Response) return id;
    const cursor = decodeCursor(c.req.query('cursor'));
    if (cursor === 'invalid') {
      return apiError(c, 400, 'invalid_cursor', 'cursor is not one this server gave out: start again without it', 'cursor');
    }
    const size = SOCIAL_LIMITS.pageSize;
    return caller.run(async (tx) => {
      if (!(await postExists(tx, id))) return noPost(c);
      const rows = await tx.query<CommentRow>(
        `select ${COMMENT_COLUMNS} from public.social_comments m
         where m.post_id = $1 and ($2::timestamptz is null or (m.created_at, m.id) > ($2::timestamptz, $3::uuid))
         order by m.created_at, m.id limit $4`,
        [id, cursor?.t ?? null, cursor?.i ?? null, size + 1],
      );
      const page = rows.rows.slice(0, size);
      const last = page[page.length - 1];
      return c.json({
        items: page.map(toComment),
        nextCursor: rows.rows.length > size && last ? encodeCursor({ g: 0, t: last.created_at, i: last.id }) : null,
      });
    });
  });
}

/** POST /api/social/comments {id?, postId, content}: 201 with the comment (a resent id answers 200). */
export function addComment(c: Context, deps: CallerDeps): Promise<Response> {
  return asApiCaller(c, deps, COMMUNITY_MEMBER, async (caller) => {
    const body = await parsedBody(c, commentSchema);
    if (body instanceof Response) return body;
    return caller.run(async (tx) => {
      if (!(await postExists(tx, body.postId))) return noPost(c);
      const ins = await tx.query<{ id: string }>(
        `insert into public.social_comments (id, post_id, user_id, content)
         values (coalesce($1::uuid, gen_random_uuid()), $2, auth.uid(), $3)
         on conflict (id) do nothing returning id`,
        [body.id ?? null, body.postId, body.content],
      );
      const id = ins.rows[0]?.id ?? body.id!;
      const row = (
        await tx.query<CommentRow>(`select ${COMMENT_COLUMNS} from public.social_comments m where m.id = $1`, [id])
      ).rows[0];
      if (!row || (!ins.rows[0] && !row.is_own)) {
        return apiError(c, 409, 'conflict', 'That comment id is already used: send a new id', 'id');
      }
      return c.json({ comment: toComment(row) }, ins.rows[0] ? 201 : 200);
    });
  });
}

/** DELETE /api/social/comments/:id: 204 for your own comment; 403 for someone else's; 404 if none. */
export function deleteComment(c: Context, deps: CallerDeps): Promise<Response> {
  return deleteOwn(c, deps, { table: 'social_comments', what: 'comment', missing: 'No comment with that id' });
}
