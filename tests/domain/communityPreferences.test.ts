import { describe, expect, it } from 'vitest';
import { communityActivityBadge } from '../../src/domain/communityActivity';
import {
  DEFAULT_COMMUNITY_PREFERENCES,
  initialShareChoice,
  parseCommunityPreferences,
} from '../../src/domain/communityPreferences';

/**
 * Community preferences as read back from storage and as the share screen and the Community
 * tab's badge obey them (issue #34). Does not prove the editor saves them, that they reach
 * another device (the preferences sync is tested in tests/sync) or the database's privacy
 * rule (tests/server/social/privacyAndLists.ts).
 */
describe('community preferences', () => {
  it('defaults: privacy public, the community chosen when sharing, notifications on', () => {
    expect(parseCommunityPreferences(undefined)).toEqual({
      defaultPattern: null,
      shareByDefault: true,
      privacyLevel: 'public',
      notificationSettings: { comments: true, reactions: true, follows: true },
    });
    expect(parseCommunityPreferences(undefined)).toEqual(DEFAULT_COMMUNITY_PREFERENCES);
  });

  it('keeps valid choices and replaces each bad field with its default, never throwing', () => {
    const saved = {
      defaultPattern: 'relaxation',
      shareByDefault: false,
      privacyLevel: 'followers',
      notificationSettings: { comments: false, reactions: true, follows: false },
    };
    expect(parseCommunityPreferences(saved)).toEqual(saved);
    // A field stored by an older version (sessionReminders) is ignored.
    expect(parseCommunityPreferences({ ...saved, sessionReminders: true })).toEqual(saved);
    expect(
      parseCommunityPreferences({
        defaultPattern: 42,
        shareByDefault: 'yes',
        privacyLevel: 'everyone',
        notificationSettings: { comments: 'no', follows: false },
      }),
    ).toEqual({ ...DEFAULT_COMMUNITY_PREFERENCES, notificationSettings: { comments: true, reactions: true, follows: false } });
    expect(parseCommunityPreferences('garbage')).toEqual(DEFAULT_COMMUNITY_PREFERENCES);
    expect(parseCommunityPreferences([1, 2])).toEqual(DEFAULT_COMMUNITY_PREFERENCES);
    expect(parseCommunityPreferences({ defaultPattern: '  ' }).defaultPattern).toBeNull();
  });
});

describe('the share screen starts from the preferences', () => {
  const sessions = [
    { id: 's3', patternId: 'box' },
    { id: 's2', patternId: 'relaxation' },
    { id: 's1', patternId: 'relaxation' },
    { id: 's0' },
  ];
  it('shareByDefault decides whether the Pneuma Community starts chosen', () => {
    expect(initialShareChoice(DEFAULT_COMMUNITY_PREFERENCES, sessions).toCommunity).toBe(true);
    expect(initialShareChoice({ ...DEFAULT_COMMUNITY_PREFERENCES, shareByDefault: false }, sessions).toCommunity).toBe(false);
  });
  it('the newest session of the default pattern, else the newest session', () => {
    expect(initialShareChoice(DEFAULT_COMMUNITY_PREFERENCES, sessions).sessionId).toBe('s3');
    expect(initialShareChoice({ ...DEFAULT_COMMUNITY_PREFERENCES, defaultPattern: 'relaxation' }, sessions).sessionId).toBe('s2');
    expect(initialShareChoice({ ...DEFAULT_COMMUNITY_PREFERENCES, defaultPattern: 'sleep' }, sessions).sessionId).toBe('s3');
    expect(initialShareChoice({ ...DEFAULT_COMMUNITY_PREFERENCES, defaultPattern: 'sleep' }, []).sessionId).toBeUndefined();
  });
});

describe('the Community tab badge obeys the notification settings', () => {
  const all = DEFAULT_COMMUNITY_PREFERENCES.notificationSettings;
  it('counts each kind that is on, 9+ above nine, with every count in words', () => {
    expect(communityActivityBadge({ comments: 3, reactions: 0, follows: 0 }, all)).toEqual({ text: '3', label: '3 unseen replies' });
    expect(communityActivityBadge({ comments: 1, reactions: 1, follows: 1 }, all)).toEqual({
      text: '3',
      label: '1 unseen reply, 1 new reaction, 1 new follower',
    });
    expect(communityActivityBadge({ comments: 8, reactions: 2, follows: 2 }, all)).toEqual({
      text: '9+',
      label: '8 unseen replies, 2 new reactions, 2 new followers',
    });
  });
  it('leaves out the kinds turned off; nothing at zero or with bad counts', () => {
    const onlyFollows = { comments: false, reactions: false, follows: true };
    expect(communityActivityBadge({ comments: 5, reactions: 5, follows: 0 }, onlyFollows)).toBeUndefined();
    expect(communityActivityBadge({ comments: 5, reactions: 5, follows: 2 }, onlyFollows)).toEqual({ text: '2', label: '2 new followers' });
    expect(communityActivityBadge({ comments: Number.NaN, reactions: -1, follows: 0 }, all)).toBeUndefined();
  });
});
