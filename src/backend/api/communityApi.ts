import type { SharedPattern, SharedSession } from '../../domain/share/sharedPattern';
import {
  COMMUNITY_API,
  type Challenge,
  type Comment,
  type CommunityOverview,
  type CommunityStats,
  type MyPosts,
  type Page,
  type Post,
  type ReportReason,
  type CommunityAchievementState,
  type TrendingPattern,
} from '../../contracts/community';
import {
  wellFormedChallenges,
  wellFormedPosts,
  wellFormedTrending,
} from '../../contracts/communityAnswerSchemas';
import type {
  CommentInput,
  FollowInput,
  PostRefInput,
  ReportInput,
  ShareInput,
} from '../../contracts/communitySchemas';
import type { AnswerOf, BodyOf, Endpoint } from '../../contracts/endpoint';
import { apiCall, type ApiCallOptions } from './apiCall';

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

/** Every call as the signed-in user, through the social policy. */
const call = <E extends Endpoint>(
  ep: E,
  opts: Pick<ApiCallOptions<BodyOf<E>>, 'params' | 'query' | 'body'> = {},
): Promise<AnswerOf<E>> => apiCall(ep, { service: 'social', signedIn: true, ...opts });

const cursorQuery = (cursor?: string | null) => (cursor ? { cursor } : undefined);

export const communityApi = {
  share: (input: {
    id: string;
    content: string;
    pattern: SharedPattern;
    session?: SharedSession;
  }) =>
    call(COMMUNITY_API.share, {
      body: {
        id: input.id,
        type: 'BREATHING_SESSION',
        content: input.content,
        metadata: {
          breathingPattern: input.pattern,
          ...(input.session ? { session: input.session } : {}),
        },
      } satisfies ShareInput,
    }).then((r) => r.post),
  timeline: (cursor?: string | null) =>
    call(COMMUNITY_API.timeline, { query: cursorQuery(cursor) }).then((p) => ({
      items: wellFormedPosts(p.items),
      nextCursor: typeof p.nextCursor === 'string' ? p.nextCursor : null,
    })),
  /** The community's highlights (at most 10) and exploration (at most 50) lists. */
  highlights: () => call(COMMUNITY_API.highlights).then((p) => wellFormedPosts(p.items)),
  explore: () => call(COMMUNITY_API.explore).then((p) => wellFormedPosts(p.items)),
  myPosts: () =>
    call(COMMUNITY_API.myPosts).then((m) => ({ ...m, items: wellFormedPosts(m.items) })),
  deletePost: (id: string) => call(COMMUNITY_API.deletePost, { params: { id } }),
  recordLensPost: (id: string, lensPostId: string) =>
    call(COMMUNITY_API.recordLensPost, { params: { id }, body: { lensPostId } }).then(
      (r) => r.post,
    ),
  react: (postId: string) => call(COMMUNITY_API.react, { body: { postId } satisfies PostRefInput }),
  unreact: (postId: string) => call(COMMUNITY_API.unreact, { params: { postId } }),
  follow: (userId: string) =>
    call(COMMUNITY_API.follow, { body: { userId } satisfies FollowInput }),
  unfollow: (userId: string) => call(COMMUNITY_API.unfollow, { params: { userId } }),
  comments: (postId: string, cursor?: string | null) =>
    call(COMMUNITY_API.comments, { params: { id: postId }, query: cursorQuery(cursor) }),
  addComment: (input: CommentInput & { id: string }) =>
    call(COMMUNITY_API.addComment, { body: input }).then((r) => r.comment),
  deleteComment: (id: string) => call(COMMUNITY_API.deleteComment, { params: { id } }),
  report: (postId: string, reason: ReportReason, details?: string) =>
    call(COMMUNITY_API.report, {
      body: { postId, reason, ...(details ? { details } : {}) } satisfies ReportInput,
    }),
  community: () =>
    call(COMMUNITY_API.community).then((o) => ({
      ...o,
      challenges: wellFormedChallenges(o.challenges),
    })),
  unseenReplies: (since: string) =>
    call(COMMUNITY_API.unseenReplies, { query: { since } }).then((r) =>
      typeof r.count === 'number' && r.count >= 0 ? r.count : 0,
    ),
  /** Others' comments, reactions and new follows about the caller since `since`. */
  unseenActivity: (since: string) =>
    call(COMMUNITY_API.unseenActivity, {
      query: { since },
    }),
  trending: () =>
    call(COMMUNITY_API.trending).then((t) => ({
      ...t,
      patterns: wellFormedTrending(t.patterns),
    })),
};
