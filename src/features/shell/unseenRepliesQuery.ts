import { communityActivityBadge } from '../../domain/community/activity';
import {
  COMMUNITY_PREFERENCES_KEY,
  DEFAULT_COMMUNITY_PREFERENCES,
  parseCommunityPreferences,
  type CommunityNotificationSettings,
} from '../../domain/community/preferences';
import type { RepliesBadge } from '../../domain/community/unseenReplies';
import { communityApi } from '../../backend/api/communityApi';

/**
 * The Community tab's badge, asked of the server (./useUnseenReplies.ts): loaded with the
 * first question, for a signed-in member only, so a guest's first visit never fetches it.
 */

async function notificationSettings(): Promise<CommunityNotificationSettings> {
  try {
    const data = await (await import('../../data/loadLocalData')).loadLocalData();
    return parseCommunityPreferences(await data.getPersonPreference(COMMUNITY_PREFERENCES_KEY))
      .notificationSettings;
  } catch {
    return DEFAULT_COMMUNITY_PREFERENCES.notificationSettings; // storage blocked: the defaults
  }
}

/** The badge for the activity since `since`, under the member's notification settings; rejects when offline or refused. */
export async function askUnseenReplies(since: string): Promise<RepliesBadge | undefined> {
  const [activity, settings] = await Promise.all([
    communityApi.unseenActivity(since),
    notificationSettings(),
  ]);
  return communityActivityBadge(activity, settings);
}
