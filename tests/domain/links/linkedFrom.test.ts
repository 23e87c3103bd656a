/**
 * The pattern a "Copy link" button puts in a link, from a marketplace pattern or a community
 * post's shared pattern (src/domain/links/linkedFrom.ts): each result must open as a link.
 * What it does not prove: that the buttons render (tests/features/marketplace/card.test.tsx
 * renders the card; the copy itself needs a browser's clipboard).
 */
import { describe, expect, it } from 'vitest';
import { linkedPatternOf, linkedPatternOfShared } from '../../../src/domain/links/linkedFrom';
import { decodeLink, patternLinkPath } from '../../../src/domain/links/patternLink';
import { getPattern } from '../../../src/domain/patterns';

describe('linkedPatternOfShared', () => {
  it('a built-in pattern comes from the catalogue, whatever timings the post claims', () => {
    const p = linkedPatternOfShared({ id: 'relaxation', name: 'Renamed', inhale: 1, exhale: 1 })!;
    expect(p).toEqual(linkedPatternOf(getPattern('relaxation')!));
  });

  it('a custom post pattern keeps its name and timings, with the defaults for the rest, and opens as a link', () => {
    const p = linkedPatternOfShared({
      id: 'c0ffee',
      name: 'Evening',
      inhale: 4,
      hold: 2,
      exhale: 6,
      holdAfterExhale: 0,
    })!;
    expect(p).toEqual({
      name: 'Evening',
      description: '',
      inhale: 4,
      hold: 2,
      exhale: 6,
      hold_after_exhale: 0,
      category: 'stress',
      difficulty: 'Beginner',
      benefits: [],
    });
    const path = patternLinkPath(p)!;
    expect(decodeLink(path.slice(3))).toEqual({
      ok: true,
      content: { kind: 'pattern', pattern: p },
    });
  });

  it('a post without breathable timings has no link', () => {
    expect(linkedPatternOfShared({ name: 'Only a name' })).toBeNull();
    expect(linkedPatternOfShared({ name: 'Zero exhale', inhale: 4, exhale: 0 })).toBeNull();
  });
});
