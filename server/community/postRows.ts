import { sharedPatternShape, sharedSessionShape } from '../../src/contracts/communityAnswerSchemas';
import type { Post, SharedPattern, SharedSession } from '../../src/contracts/community';
import { cursorTime } from './cursor';

/** A post as the API answers it, seen by the caller (the timeline adds fromFollowing). */
export type PostJson = Omit<Post, 'fromFollowing'>;

export interface PostRow {
  id: string;
  user_id: string;
  type: string;
  content: string;
  pattern: unknown;
  session: unknown;
  created_at: string;
  author_name: string;
  reactions: number;
  comments: number;
  reacted: boolean;
  follows_author: boolean;
  is_own: boolean;
  lens_post_id: string | null;
}

/** Columns of a post row (table alias p) for the caller (auth.uid()). */
export const POST_COLUMNS = `p.id, p.user_id, p.type, p.content, p.pattern, p.session,
  ${cursorTime('p.created_at')} as created_at,
  public.social_author_name(p.user_id) as author_name,
  (select count(*)::int from public.social_reactions r where r.post_id = p.id) as reactions,
  (select count(*)::int from public.social_comments m where m.post_id = p.id) as comments,
  exists (select 1 from public.social_reactions r where r.post_id = p.id and r.user_id = auth.uid()) as reacted,
  exists (select 1 from public.social_follows f
          where f.follower_id = auth.uid() and f.followee_id = p.user_id) as follows_author,
  (p.user_id = auth.uid()) as is_own, p.lens_post_id`;

/** JSON columns come back parsed from both drivers; a string is parsed here just in case. */
function json(v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * A stored pattern as the API answers it, or null when the row's pattern does not have the
 * shape of src/contracts/communityAnswerSchemas.ts (a row written before the database checked it).
 */
export function storedPattern(v: unknown): SharedPattern | null {
  const r = sharedPatternShape.safeParse(json(v));
  return r.success ? r.data : null;
}

/** A post as the API answers it, or null when its pattern is malformed (such a post is left out). */
export function toPost(r: PostRow): PostJson | null {
  const pattern = storedPattern(r.pattern);
  if (!pattern) return null;
  const session = sharedSessionShape.safeParse(json(r.session));
  return {
    id: r.id,
    type: 'BREATHING_SESSION',
    content: r.content,
    createdAt: r.created_at,
    author: { id: r.user_id, name: r.author_name },
    pattern,
    session: session.success ? (session.data as SharedSession) : null,
    stats: { reactions: r.reactions, comments: r.comments },
    viewer: { isOwn: r.is_own, reacted: r.reacted, followsAuthor: r.follows_author },
    lensPostId: r.lens_post_id ?? null,
  };
}
