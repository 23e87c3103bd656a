/**
 * The community API on the wire (docs/product.md § Sharing and community): its answers and
 * the limits both sides read; server/community answers, src/backend/api/communityApi.ts reads.
 * The request bodies' rules are zod schemas in ./communitySchemas.ts (the page imports only
 * their types), the answers' item checks in ./communityAnswerSchemas.ts.
 */
import type { SharedPattern, SharedSession } from '../domain/share/sharedPattern';
import type {
  CommentInput,
  FollowInput,
  PostRefInput,
  ReportInput,
  ShareInput,
} from './communitySchemas';
import { endpoint, shape } from './endpoint';

/** The community's endpoints under /api (every one needs a signed-in user). */
export const COMMUNITY_API = Object.freeze({
  share: endpoint('POST', '/social/share', shape<{ post: Post }, ShareInput>()),
  /** ?cursor= */
  timeline: endpoint('GET', '/social/timeline', shape<Page<Post>>()),
  highlights: endpoint('GET', '/social/highlights', shape<{ items: Post[] }>()),
  explore: endpoint('GET', '/social/explore', shape<{ items: Post[] }>()),
  myPosts: endpoint('GET', '/social/posts/mine', shape<MyPosts>()),
  deletePost: endpoint('DELETE', '/social/posts/:id', shape<void>()),
  recordLensPost: endpoint(
    'PUT',
    '/social/posts/:id/lens',
    shape<{ post: Post }, { lensPostId: string }>(),
  ),
  /** ?cursor= */
  comments: endpoint('GET', '/social/posts/:id/comments', shape<Page<Comment>>()),
  addComment: endpoint(
    'POST',
    '/social/comments',
    shape<{ comment: Comment }, CommentInput & { id: string }>(),
  ),
  deleteComment: endpoint('DELETE', '/social/comments/:id', shape<void>()),
  react: endpoint('POST', '/social/react', shape<Reaction, PostRefInput>()),
  unreact: endpoint('DELETE', '/social/react/:postId', shape<Reaction>()),
  follow: endpoint('POST', '/social/follow', shape<{ following: boolean }, FollowInput>()),
  unfollow: endpoint('DELETE', '/social/follow/:userId', shape<{ following: boolean }>()),
  report: endpoint('POST', '/social/report', shape<{ hidden: boolean }, ReportInput>()),
  /** ?since= */
  unseenReplies: endpoint('GET', '/social/replies/unseen', shape<{ count: number }>()),
  /** ?since= */
  unseenActivity: endpoint('GET', '/social/activity/unseen', shape<UnseenActivity>()),
  community: endpoint('GET', '/social/community', shape<CommunityOverview>()),
  trending: endpoint(
    'GET',
    '/patterns/trending',
    shape<{ windowDays: number; patterns: TrendingPattern[] }>(),
  ),
});

/** Every community endpoint but trending is under this prefix (its body limit covers them). */
/** A post's reaction state after a react or unreact. */
interface Reaction {
  reacted: boolean;
  reactions: number;
}

/** Others' comments, reactions and new follows about the caller since a time. */
interface UnseenActivity {
  comments: number;
  reactions: number;
  follows: number;
}

export const COMMUNITY_PREFIX = '/social';

export type { SharedPattern, SharedSession };

export interface Post {
  id: string;
  type: 'BREATHING_SESSION';
  content: string;
  createdAt: string;
  author: { id: string; name: string };
  pattern: SharedPattern;
  session: SharedSession | null;
  stats: { reactions: number; comments: number };
  viewer: { isOwn: boolean; reacted: boolean; followsAuthor: boolean };
  /** The Lens post it was also published as (docs/product.md § Wallets and tokens), if any. */
  lensPostId?: string | null;
  /** On the timeline: by you or someone you follow. */
  fromFollowing?: boolean;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export interface Comment {
  id: string;
  postId: string;
  author: { id: string; name: string };
  content: string;
  createdAt: string;
  isOwn: boolean;
}

/** Counted from the server's rows when asked. */
export interface CommunityStats {
  /** People with a synced session or a post in the last 7 days. */
  activeUsers: number;
  /** Synced sessions that ended within the last hour. */
  sessionsLastHour: number;
  /** Synced sessions in the last 24 hours. */
  sessionsToday: number;
  totalSessions: number;
  /** People who have shared at least one post. */
  sharingMembers: number;
  postsThisWeek: number;
}

/** This week's challenge for one shared pattern: 7 sessions of at least 300 s. */
export interface Challenge {
  id: string;
  pattern: SharedPattern;
  duration: number;
  targetSessions: number;
  participants: number;
  posts: number;
  startsAt: string;
  endsAt: string;
  isActive: boolean;
  /** The caller's own qualifying sessions this week. */
  yourSessions: number;
}

export interface CommunityAchievementState {
  id: 'first-post' | 'seven-posts' | 'ten-responses';
  progress: number;
  maxProgress: number;
  unlockedAt: string | null;
}

export interface CommunityOverview {
  stats: CommunityStats;
  challenges: Challenge[];
  achievements: CommunityAchievementState[];
  generatedAt: string;
}

export interface TrendingPattern {
  id?: string;
  name: string;
  pattern: SharedPattern | null;
  sessions: number;
  shares: number;
  people: number;
}

export interface MyPosts {
  totals: { posts: number; reactions: number; comments: number };
  items: Post[];
}

export { SOCIAL_LIMITS, type ReportReason } from './communityLimits';
