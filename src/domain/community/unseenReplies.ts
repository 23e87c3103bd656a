import { badgeCount } from '../navigation';

/**
 * Unseen replies (docs/product.md § Sharing and community): comments other people left on
 * the user's own posts after the 'last seen' mark this device keeps. Pure: the server counts
 * the rows (GET /api/social/replies/unseen, server/community/replies.ts applies the same rule in
 * SQL), the bottom navigation shows what these functions return.
 */

export interface Reply {
  authorId: string;
  postOwnerId: string;
  createdAt: string;
}

/** True when `reply` is an unseen reply for `userId` (another person's, on their post, after the mark). */
export function isUnseenReply(reply: Reply, userId: string, seenAt: string): boolean {
  return (
    reply.postOwnerId === userId &&
    reply.authorId !== userId &&
    Date.parse(reply.createdAt) > Date.parse(seenAt)
  );
}

export function countUnseenReplies(replies: readonly Reply[], userId: string, seenAt: string): number {
  return replies.filter((r) => isUnseenReply(r, userId, seenAt)).length;
}

/**
 * The mark to count from: the stored one when it is a valid time, else now (a first visit
 * on this device starts at zero rather than announcing every reply ever received).
 */
export function seenMark(stored: string | null | undefined, now: Date): string {
  if (stored && !Number.isNaN(Date.parse(stored))) return new Date(Date.parse(stored)).toISOString();
  return now.toISOString();
}

export interface RepliesBadge {
  /** The text on the badge: '1'..'9', '9+' above nine. */
  text: string;
  /** The accessible name, with the exact count: '3 unseen replies'. */
  label: string;
}

/** The Community tab's badge for `count` unseen replies, none at zero (or a bad count). */
export function unseenRepliesBadge(count: number): RepliesBadge | undefined {
  if (!Number.isFinite(count)) return undefined;
  const n = Math.floor(count);
  const text = badgeCount(n);
  if (!text) return undefined;
  return { text, label: `${n} unseen ${n === 1 ? 'reply' : 'replies'}` };
}
