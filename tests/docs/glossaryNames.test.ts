/**
 * One name per thing in what a user reads (docs/glossary.md § Names on screen; issue 44 item 3):
 * each destination, goal, theme choice and mode has one name, and this test fails on any
 * other name for it in user-visible text (gathered by tests/support/userVisibleText.ts: JSX
 * text and word-like literals in src/ and server/, index.html and the web manifest).
 *
 * Does not prove: names built at run time from pieces, names in the server's database rows
 * (a member's display name comes from there: tests/server cover member_display_name), or a
 * new synonym nobody listed here.
 */
import { describe, expect, it } from 'vitest';
import { userVisibleText } from '../support/userVisibleText';

/** The one name, and the other names it replaced (each a whole-text or in-text match). */
const NAMES: readonly { concept: string; name: string; others: readonly RegExp[] }[] = [
  {
    concept: 'marketplace',
    name: 'Marketplace',
    others: [/^Patterns$/, /^Explore$/, /\bExplore Patterns\b/i, /\bExplore Marketplace\b/i],
  },
  {
    concept: 'teaching',
    name: 'Teach',
    others: [/\bStart Teaching\b/i, /\bBecome (an )?Instructor\b/i],
  },
  { concept: 'goal: energy', name: 'Increase Energy', others: [/\bBoost Energy\b/i] },
  { concept: 'goal: focus', name: 'Boost Focus', others: [/\bImprove Focus\b/i] },
  { concept: 'theme: the device’s setting', name: 'Like my device', others: [/\bFollow the system\b/i] },
  { concept: 'the camera mode', name: 'Enhanced', others: [/\bAI-Guided Session\b/i] },
  {
    concept: 'a member’s name',
    name: 'the display name the person gave',
    others: [/\bPneuma member\b/i, /^Member [0-9a-f]{4}$/],
  },
];

/**
 * The community feed's 'Explore' tab (posts from every member, beside 'Following') is a tab of
 * the community, not a destination of the app: the one place the word stands alone.
 */
const COMMUNITY_TABS = ['src/features/community/CommunityFeedTabs.tsx', 'src/features/community/CommunityLists.tsx'];

const texts = userVisibleText().filter((t) => !(t.text === 'Explore' && COMMUNITY_TABS.some((f) => t.where.startsWith(f))));

describe('one name per thing on screen', () => {
  it('finds the text (the gatherer works)', () => {
    expect(texts.some((t) => t.text === 'Marketplace')).toBe(true);
  });

  for (const { concept, name, others } of NAMES) {
    it(`${concept}: '${name}' and no other name`, () => {
      const found = texts
        .filter((t) => others.some((re) => re.test(t.text)))
        .map((t) => `${t.where}: ${t.text.slice(0, 80)}`);
      expect(found).toEqual([]);
    });
  }
});
