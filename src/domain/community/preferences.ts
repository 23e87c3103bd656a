/**
 * Community preferences (issue #34; docs/product.md § Sharing and community): kept as one of
 * the person's preferences (key COMMUNITY_PREFERENCES_KEY), so they sync with a signed-in
 * person's other devices. Pure: reading a stored value never throws; a missing or bad field
 * reads as its default.
 *
 * Who obeys each field: `privacyLevel` the database (the read policy of the posts,
 * supabase/migrations/20261127130000_community_privacy.sql reads the synced row and applies
 * the same defaults); `shareByDefault` and `defaultPattern` the share screen
 * (`initialShareChoice`); `notificationSettings` the Community tab's badge
 * (src/domain/communityActivity.ts). Session reminders are not a community preference: the
 * practice reminders on Settings are the one place they are set (docs/product.md §
 * Differences from the specification).
 */
export const COMMUNITY_PREFERENCES_KEY = 'communityPreferences';

export type PrivacyLevel = 'public' | 'followers' | 'private';
const PRIVACY_LEVELS: readonly PrivacyLevel[] = ['public', 'followers', 'private'];

export interface CommunityNotificationSettings {
  comments: boolean;
  reactions: boolean;
  follows: boolean;
}

export interface CommunityPreferences {
  /** The pattern whose newest session the share screen starts from; null: the newest session. */
  defaultPattern: string | null;
  /** Whether the share screen starts with the Pneuma Community chosen. */
  shareByDefault: boolean;
  privacyLevel: PrivacyLevel;
  notificationSettings: CommunityNotificationSettings;
}

export const DEFAULT_COMMUNITY_PREFERENCES: Readonly<CommunityPreferences> = Object.freeze({
  defaultPattern: null,
  shareByDefault: true,
  privacyLevel: 'public',
  notificationSettings: Object.freeze({ comments: true, reactions: true, follows: true }),
});

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const bool = (v: unknown, fallback: boolean) => (typeof v === 'boolean' ? v : fallback);

/** A stored value as preferences: every field checked, defaults where missing or wrong. */
export function parseCommunityPreferences(raw: unknown): CommunityPreferences {
  const d = DEFAULT_COMMUNITY_PREFERENCES;
  const r = isRecord(raw) ? raw : {};
  const n = isRecord(r.notificationSettings) ? r.notificationSettings : {};
  const pattern = r.defaultPattern;
  return {
    defaultPattern:
      typeof pattern === 'string' && pattern.trim().length > 0 && pattern.length <= 100 ? pattern : null,
    shareByDefault: bool(r.shareByDefault, d.shareByDefault),
    privacyLevel: PRIVACY_LEVELS.includes(r.privacyLevel as PrivacyLevel)
      ? (r.privacyLevel as PrivacyLevel)
      : d.privacyLevel,
    notificationSettings: {
      comments: bool(n.comments, d.notificationSettings.comments),
      reactions: bool(n.reactions, d.notificationSettings.reactions),
      follows: bool(n.follows, d.notificationSettings.follows),
    },
  };
}

/**
 * How the share screen starts: the Pneuma Community chosen or not (shareByDefault), and the
 * session the post carries: the newest session of the default pattern when there is one,
 * else the newest session. `sessions` are newest first.
 */
export function initialShareChoice(
  prefs: CommunityPreferences,
  sessions: readonly { id: string; patternId?: string }[],
): { toCommunity: boolean; sessionId: string | undefined } {
  const ofDefault = prefs.defaultPattern ? sessions.find((s) => s.patternId === prefs.defaultPattern) : undefined;
  return { toCommunity: prefs.shareByDefault, sessionId: (ofDefault ?? sessions[0])?.id };
}
