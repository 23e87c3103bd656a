import { describe, expect, it } from 'vitest';
import { countUnseenReplies, seenMark, unseenRepliesBadge, type Reply } from '../../../src/domain/community/unseenReplies';

/**
 * The unseen-replies rule and the Community tab's badge (docs/product.md § Sharing and
 * community). Does not prove: the server's SQL gives the same count (tests/server/community/suite.ts
 * does, on PGlite and PostgreSQL) nor that the bottom navigation renders the badge.
 */
const me = 'u-me';
const mark = '2026-11-27T10:00:00.000Z';
const reply = (authorId: string, postOwnerId: string, createdAt: string): Reply => ({ authorId, postOwnerId, createdAt });

describe('unseen replies', () => {
  it('counts only other people\'s comments on my posts after the mark', () => {
    const replies = [
      reply('u-ada', me, '2026-11-27T10:00:01Z'),
      reply('u-bob', me, '2026-11-27T11:00:00Z'),
      reply(me, me, '2026-11-27T11:00:00Z'), // my own reply
      reply('u-ada', 'u-bob', '2026-11-27T11:00:00Z'), // someone else's post
      reply('u-ada', me, '2026-11-27T10:00:00Z'), // exactly at the mark: seen
      reply('u-ada', me, '2026-11-27T09:00:00Z'), // before the mark
    ];
    expect(countUnseenReplies(replies, me, mark)).toBe(2);
    expect(countUnseenReplies([], me, mark)).toBe(0);
  });

  it('the mark is the stored time, else now', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    expect(seenMark(mark, now)).toBe(mark);
    expect(seenMark(null, now)).toBe('2026-11-27T12:00:00.000Z');
    expect(seenMark('not a date', now)).toBe('2026-11-27T12:00:00.000Z');
  });

  it('badge: none at zero, the count to nine, 9+ above, the exact count in its label', () => {
    expect(unseenRepliesBadge(0)).toBeUndefined();
    expect(unseenRepliesBadge(Number.NaN)).toBeUndefined();
    expect(unseenRepliesBadge(1)).toEqual({ text: '1', label: '1 unseen reply' });
    expect(unseenRepliesBadge(3)).toEqual({ text: '3', label: '3 unseen replies' });
    expect(unseenRepliesBadge(9)).toEqual({ text: '9', label: '9 unseen replies' });
    expect(unseenRepliesBadge(10)).toEqual({ text: '9+', label: '10 unseen replies' });
    expect(unseenRepliesBadge(250)).toEqual({ text: '9+', label: '250 unseen replies' });
  });
});
