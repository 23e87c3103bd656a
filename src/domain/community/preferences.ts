/**
 * Community preferences (issue #34; docs/product.md § Sharing and community): kept as one of
 * the person's preferences (key COMMUNITY_PREFERENCES_KEY), so they sync with a signed-in
 * person's other devices. Pure: reading a stored value never throws; a missing or bad field
 * reads as its default.
 */
export const COMMUNITY_PREFERENCES_KEY = 'communityPreferences';

export type PrivacyLevel = 'public' | 'followers' | 'private';
export const PRIVACY_LEVELS: readonly PrivacyLevel[] = ['public', 'followers', 'private'];

export interface CommunityNotificationSettings {
  comments: boolean;
  reactions: boolean;
  follows: boolean;
}

export interface CommunityPreferences {
  /** The pattern id shared posts start from; null: the one just practised. */
  defaultPattern: string | null;
  sessionReminders: boolean;
  shareByDefault: boolean;
  privacyLevel: PrivacyLevel;
  notificationSettings: CommunityNotificationSettings;
}

export const DEFAULT_COMMUNITY_PREFERENCES: Readonly<CommunityPreferences> = Object.freeze({
  defaultPattern: null,
  sessionReminders: false,
  shareByDefault: false,
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
    sessionReminders: bool(r.sessionReminders, d.sessionReminders),
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
