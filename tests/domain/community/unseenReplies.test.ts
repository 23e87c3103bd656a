import { describe, expect, it } from 'vitest';
import { communityActivityBadge } from '../../../src/domain/community/activity';
import { DEFAULT_COMMUNITY_PREFERENCES } from '../../../src/domain/community/preferences';
import { seenMark } from '../../../src/domain/community/unseenReplies';

/**
 * The 'last seen' mark and the Community tab's badge for unseen replies (docs/product.md
 * § Sharing and community). Does not prove: which replies count (the server's SQL decides:
 * tests/server/community/suite.ts, on PGlite and PostgreSQL) nor that the bottom navigation
 * renders the badge.
 */
const mark = '2026-11-27T10:00:00.000Z';

describe('unseen replies', () => {
  it('the mark is the stored time, else now', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    expect(seenMark(mark, now)).toBe(mark);
    expect(seenMark(null, now)).toBe('2026-11-27T12:00:00.000Z');
    expect(seenMark('not a date', now)).toBe('2026-11-27T12:00:00.000Z');
  });

  it('badge: none at zero, the count to nine, 9+ above, the exact count in its label', () => {
    const badge = (comments: number) =>
      communityActivityBadge({ comments, reactions: 0, follows: 0 }, DEFAULT_COMMUNITY_PREFERENCES.notificationSettings);
    expect(badge(0)).toBeUndefined();
    expect(badge(Number.NaN)).toBeUndefined();
    expect(badge(1)).toEqual({ text: '1', label: '1 unseen reply' });
    expect(badge(3)).toEqual({ text: '3', label: '3 unseen replies' });
    expect(badge(9)).toEqual({ text: '9', label: '9 unseen replies' });
    expect(badge(10)).toEqual({ text: '9+', label: '10 unseen replies' });
    expect(badge(250)).toEqual({ text: '9+', label: '250 unseen replies' });
  });
});
