import type { SharedPattern, SharedSession } from '../../domain/share/sharedPattern';
import type {
  Challenge,
  Comment,
  CommunityOverview,
  CommunityStats,
  MyPosts,
  Page,
  Post,
  ReportReason,
  CommunityAchievementState,
  TrendingPattern,
} from '../../contracts/community';
import { wellFormedChallenges, wellFormedPosts, wellFormedTrending } from '../../contracts/communityAnswerSchemas';
import type {
  CommentInput,
  FollowInput,
  PostRefInput,
  ReportInput,
  ShareInput,
} from '../../contracts/communitySchemas';
import { apiCall } from './apiCall';

/**
 * The community API (server/community): every call carries the signed-in user's access token
 * and goes through the request helper's social policy (15 s, 3 retries, its own circuit
 * breaker). Writes carry a client-made id where the server supports one, so a retried
 * request never posts twice. A 4xx answer is thrown as HttpError with the server's message.
 * Request bodies are typed by the server's schemas (src/contracts/communitySchemas.ts);
 * posts, challenges and trending patterns are checked item by item (../../contracts/communityAnswerSchemas):
 * a malformed one is left out, never rendered.
 */

export type {
  Challenge,
  Comment,
  CommunityOverview,
  CommunityStats,
  MyPosts,
  Page,
  Post,
  ReportReason,
  SharedPattern,
  SharedSession,
  CommunityAchievementState,
  TrendingPattern,
};

const call = <T>(path: string, method = 'GET', body?: unknown): Promise<T> =>
  apiCall<T>(path, { service: 'social', signedIn: true, method, body });

const cursorQuery = (cursor?: string | null) => (cursor ? `?cursor=${encodeURIComponent(cursor)}` : '');

export const communityApi = {
  share: (input: { id: string; content: string; pattern: SharedPattern; session?: SharedSession }) =>
    call<{ post: Post }>('/social/share', 'POST', {
      id: input.id,
      type: 'BREATHING_SESSION',
      content: input.content,
      metadata: { breathingPattern: input.pattern, ...(input.session ? { session: input.session } : {}) },
    } satisfies ShareInput).then((r) => r.post),
  timeline: (cursor?: string | null) =>
    call<Page<Post>>(`/social/timeline${cursorQuery(cursor)}`).then((p) => ({
      items: wellFormedPosts(p.items),
      nextCursor: typeof p.nextCursor === 'string' ? p.nextCursor : null,
    })),
  /** The community's highlights (at most 10) and exploration (at most 50) lists. */
  highlights: () => call<{ items: Post[] }>('/social/highlights').then((p) => wellFormedPosts(p.items)),
  explore: () => call<{ items: Post[] }>('/social/explore').then((p) => wellFormedPosts(p.items)),
  myPosts: () =>
    call<MyPosts>('/social/posts/mine').then((m) => ({ ...m, items: wellFormedPosts(m.items) })),
  deletePost: (id: string) => call<void>(`/social/posts/${id}`, 'DELETE'),
  recordLensPost: (id: string, lensPostId: string) =>
    call<{ post: Post }>(`/social/posts/${id}/lens`, 'PUT', { lensPostId }).then((r) => r.post),
  react: (postId: string) =>
    call<{ reacted: boolean; reactions: number }>('/social/react', 'POST', { postId } satisfies PostRefInput),
  unreact: (postId: string) =>
    call<{ reacted: boolean; reactions: number }>(`/social/react/${postId}`, 'DELETE'),
  follow: (userId: string) => call<{ following: boolean }>('/social/follow', 'POST', { userId } satisfies FollowInput),
  unfollow: (userId: string) => call<{ following: boolean }>(`/social/follow/${userId}`, 'DELETE'),
  comments: (postId: string, cursor?: string | null) =>
    call<Page<Comment>>(`/social/posts/${postId}/comments${cursorQuery(cursor)}`),
  addComment: (input: CommentInput & { id: string }) =>
    call<{ comment: Comment }>('/social/comments', 'POST', input).then((r) => r.comment),
  deleteComment: (id: string) => call<void>(`/social/comments/${id}`, 'DELETE'),
  report: (postId: string, reason: ReportReason, details?: string) =>
    call<{ hidden: boolean }>('/social/report', 'POST', { postId, reason, ...(details ? { details } : {}) } satisfies ReportInput),
  community: () =>
    call<CommunityOverview>('/social/community').then((o) => ({
      ...o,
      challenges: wellFormedChallenges(o.challenges),
    })),
  unseenReplies: (since: string) =>
    call<{ count: number }>(`/social/replies/unseen?since=${encodeURIComponent(since)}`).then((r) =>
      typeof r.count === 'number' && r.count >= 0 ? r.count : 0,
    ),
  /** Others' comments, reactions and new follows about the caller since `since`. */
  unseenActivity: (since: string) =>
    call<{ comments: number; reactions: number; follows: number }>(
      `/social/activity/unseen?since=${encodeURIComponent(since)}`,
    ),
  trending: () =>
    call<{ windowDays: number; patterns: TrendingPattern[] }>('/patterns/trending').then((t) => ({
      ...t,
      patterns: wellFormedTrending(t.patterns),
    })),
};
