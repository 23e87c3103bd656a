/**
 * Unseen replies (docs/product.md § Sharing and community): comments other people left on
 * the user's own posts after the 'last seen' mark this device keeps. The server counts the
 * rows after the mark (server/community/replies.ts and the activity count, in SQL); this
 * keeps the mark, and `./activity.ts` turns the counts into the badge.
 */

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
