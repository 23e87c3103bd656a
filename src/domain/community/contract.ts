/**
 * The community API's answers (server/community answers them, src/backend/communityApi reads
 * them): one description for both sides (docs/product.md § Sharing and community).
 */
import type { SharedPattern, SharedSession } from '../share/sharedPattern';

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

export type ReportReason = 'spam' | 'harassment' | 'harmful' | 'other';

