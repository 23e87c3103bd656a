import { describe, expect, it } from 'vitest';
import {
  DEFAULT_COMMUNITY_PREFERENCES,
  parseCommunityPreferences,
} from '../../../src/domain/community/preferences';

/**
 * Community preferences as read back from storage (issue #34). Does not prove the editor
 * saves them or that they reach another device (the preferences sync is tested in tests/sync).
 */
describe('community preferences', () => {
  it('defaults: privacy public, nothing shared or reminded by default, notifications on', () => {
    expect(parseCommunityPreferences(undefined)).toEqual({
      defaultPattern: null,
      sessionReminders: false,
      shareByDefault: false,
      privacyLevel: 'public',
      notificationSettings: { comments: true, reactions: true, follows: true },
    });
    expect(parseCommunityPreferences(undefined)).toEqual(DEFAULT_COMMUNITY_PREFERENCES);
  });

  it('keeps valid choices and replaces each bad field with its default, never throwing', () => {
    const saved = {
      defaultPattern: 'relaxation',
      sessionReminders: true,
      shareByDefault: true,
      privacyLevel: 'followers',
      notificationSettings: { comments: false, reactions: true, follows: false },
    };
    expect(parseCommunityPreferences(saved)).toEqual(saved);
    expect(
      parseCommunityPreferences({
        defaultPattern: 42,
        sessionReminders: 'yes',
        privacyLevel: 'everyone',
        notificationSettings: { comments: 'no', follows: false },
      }),
    ).toEqual({ ...DEFAULT_COMMUNITY_PREFERENCES, notificationSettings: { comments: true, reactions: true, follows: false } });
    expect(parseCommunityPreferences('garbage')).toEqual(DEFAULT_COMMUNITY_PREFERENCES);
    expect(parseCommunityPreferences([1, 2])).toEqual(DEFAULT_COMMUNITY_PREFERENCES);
    expect(parseCommunityPreferences({ defaultPattern: '  ' }).defaultPattern).toBeNull();
  });
});
