/**
 * The community API on the wire (docs/product.md § Sharing and community): its answers and
 * the limits both sides read; server/community answers, src/backend/api/communityApi.ts reads.
 * The request bodies' rules are zod schemas in ./communitySchemas.ts (the page imports only
 * their types), the answers' item checks in ./communityAnswerSchemas.ts.
 */
import type { SharedPattern, SharedSession } from '../domain/share/sharedPattern';
import { endpoint } from './endpoint';

/** The community's endpoints under /api (every one needs a signed-in user). */
export const COMMUNITY_API = Object.freeze({
  share: endpoint('POST', '/social/share'),
  /** ?cursor= */
  timeline: endpoint('GET', '/social/timeline'),
  highlights: endpoint('GET', '/social/highlights'),
  explore: endpoint('GET', '/social/explore'),
  myPosts: endpoint('GET', '/social/posts/mine'),
  deletePost: endpoint('DELETE', '/social/posts/:id'),
  recordLensPost: endpoint('PUT', '/social/posts/:id/lens'),
  /** ?cursor= */
  comments: endpoint('GET', '/social/posts/:id/comments'),
  addComment: endpoint('POST', '/social/comments'),
  deleteComment: endpoint('DELETE', '/social/comments/:id'),
  react: endpoint('POST', '/social/react'),
  unreact: endpoint('DELETE', '/social/react/:postId'),
  follow: endpoint('POST', '/social/follow'),
  unfollow: endpoint('DELETE', '/social/follow/:userId'),
  report: endpoint('POST', '/social/report'),
  /** ?since= */
  unseenReplies: endpoint('GET', '/social/replies/unseen'),
  /** ?since= */
  unseenActivity: endpoint('GET', '/social/activity/unseen'),
  community: endpoint('GET', '/social/community'),
  trending: endpoint('GET', '/patterns/trending'),
});

/** Every community endpoint but trending is under this prefix (its body limit covers them). */
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

/**
 * Community limits (docs/product.md § Sharing and community). The database checks the
 * same lengths (supabase/migrations/20261123020000_social.sql), so a row written through
 * /rest/v1 obeys them too.
 */
export const SOCIAL_LIMITS = Object.freeze({
  /** Characters of a post (Unicode code points, as Postgres char_length counts). */
  postChars: 280,
  commentChars: 500,
  reportDetailsChars: 500,
  patternNameChars: 100,
  patternIdChars: 200,
  /** Longest phase a shared pattern may carry, in seconds. */
  phaseSeconds: 120,
  /** Posts per timeline page; comments per page. */
  pageSize: 20,
  /** Largest request body of /api/social. */
  bodyBytes: 16 * 1024,
});

/** The reasons a post can be reported for. */
export const REPORT_REASONS = ['spam', 'harassment', 'harmful', 'other'] as const;

export type ReportReason = (typeof REPORT_REASONS)[number];
