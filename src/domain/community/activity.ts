import type { CommunityNotificationSettings } from './preferences';
import { badgeCount } from '../navigation';
import type { RepliesBadge } from './unseenReplies';

/**
 * What the Community tab's badge tells a member (docs/product.md § Sharing and community):
 * other people's comments on their posts, reactions to their posts and new followers since
 * the device's 'last seen' mark, each kind only while its community notification setting is
 * on. The server counts the rows (GET /api/social/activity/unseen); this decides what shows.
 */
interface CommunityActivity {
  comments: number;
  reactions: number;
  follows: number;
}

const count = (n: number) => (Number.isFinite(n) && n > 0 ? Math.floor(n) : 0);

const WORDS: Record<keyof CommunityActivity, (n: number) => string> = {
  comments: (n) => `${n} unseen ${n === 1 ? 'reply' : 'replies'}`,
  reactions: (n) => `${n} new ${n === 1 ? 'reaction' : 'reactions'}`,
  follows: (n) => `${n} new ${n === 1 ? 'follower' : 'followers'}`,
};

/** The badge for `activity` under `settings`, none when nothing that is turned on happened. */
export function communityActivityBadge(
  activity: CommunityActivity,
  settings: CommunityNotificationSettings,
): RepliesBadge | undefined {
  const kinds = (Object.keys(WORDS) as (keyof CommunityActivity)[]).filter(
    (k) => settings[k] && count(activity[k]) > 0,
  );
  const total = kinds.reduce((sum, k) => sum + count(activity[k]), 0);
  const text = badgeCount(total);
  if (!text) return undefined;
  return { text, label: kinds.map((k) => WORDS[k](count(activity[k]))).join(', ') };
}
