import { describe, expect, it } from 'vitest';
import {
  cardsForTab,
  queryLibrary,
  toLibraryCard,
  type LibraryCard,
  type LibrarySort,
} from '../../src/domain/librarySearch';
import { PATTERNS, getPattern } from '../../src/domain/patterns';

const builtIns = PATTERNS.map((p) => toLibraryCard(p));
const custom = toLibraryCard({
  id: 'c1',
  name: 'Ocean Calm',
  description: 'My own slow waves',
  inhale: 5,
  hold: 1,
  exhale: 7,
  hold_after_exhale: 0,
  category: 'sleep',
  difficulty: 'Beginner',
  benefits: ['Drifts off'],
  builtIn: false,
});
const all = [...builtIns, custom];
const none = { recentIds: [], favoriteIds: new Set<string>() };
/** The All tab, every category: what a search or a sort alone does. */
const allTab = (cards: readonly LibraryCard[], search: string, sort: LibrarySort) =>
  queryLibrary(cards, { tab: 'all', search, category: 'all', sort }, none);
const sortCards = (cards: readonly LibraryCard[], sort: LibrarySort) => allTab(cards, '', sort);

describe('library cards', () => {
  it('has phases in ms, duration in seconds, Built-in creator and box featured', () => {
    const box = builtIns.find((c) => c.id === 'box')!;
    expect(box.phases).toEqual([
      { name: 'inhale', duration: 4000 },
      { name: 'hold', duration: 4000 },
      { name: 'exhale', duration: 4000 },
      { name: 'hold_after_exhale', duration: 4000 },
    ]);
    expect(box).toMatchObject({ duration: 16, creator: 'Built-in', featured: true, builtIn: true });
    expect(custom).toMatchObject({ creator: 'You', featured: false, builtIn: false });
  });

  it('shows no usage count or rating where there is no data', () => {
    const c = toLibraryCard(getPattern('sleep')!, { usageCount: 0 });
    expect(c.usageCount).toBeUndefined();
    expect(c.rating).toBeUndefined();
    expect(toLibraryCard(getPattern('sleep')!, { rating: 9 }).rating).toBeUndefined();
    expect(toLibraryCard(getPattern('sleep')!, { usageCount: 3, rating: 4 })).toMatchObject({
      usageCount: 3,
      rating: 4,
    });
  });
});

describe('search and filter', () => {
  it('matches name, description, tags and benefits, case-insensitively', () => {
    const ids = (q: string) => allTab(all, q, 'az').map((c) => c.id);
    expect(ids('BOX')).toEqual(['box']);
    expect(ids('ocean')).toEqual(['c1']);
    expect(ids('slow waves')).toEqual(['c1']);
    expect(ids('lung capacity').sort()).toEqual(['coherent', 'wim_hof']);
    expect(ids('  ')).toHaveLength(all.length);
    expect(ids('zzzz')).toEqual([]);
  });

  it('filters by category', () => {
    const q = { tab: 'all' as const, search: '', sort: 'az' as const };
    expect(queryLibrary(all, { ...q, category: 'sleep' }, none).map((c) => c.id)).toEqual([
      'c1',
      'sleep',
    ]);
    expect(queryLibrary(all, { ...q, category: 'focus' }, none).map((c) => c.id)).toEqual([
      'mindfulness',
    ]);
    expect(queryLibrary(all, { ...q, category: 'all' }, none)).toHaveLength(all.length);
  });
});

describe('sort', () => {
  const cards: LibraryCard[] = [
    toLibraryCard(getPattern('sleep')!, { usageCount: 2, rating: 5, lastUsed: 100 }),
    toLibraryCard(getPattern('box')!, { usageCount: 7, lastUsed: 50 }),
    toLibraryCard(getPattern('energy')!, { rating: 3 }),
    toLibraryCard(getPattern('relaxation')!, { usageCount: 2, lastUsed: 300 }),
  ];
  const names = (l: LibraryCard[]) => l.map((c) => c.id);

  it('Most Popular: real usage, unused last, ties by name', () => {
    expect(names(sortCards(cards, 'popular'))).toEqual(['box', 'relaxation', 'sleep', 'energy']);
  });
  it('Highest Rated: own ratings, unrated last by name', () => {
    expect(names(sortCards(cards, 'rated'))).toEqual(['sleep', 'energy', 'relaxation', 'box']);
  });
  it('Recently Used: newest first, never used last', () => {
    expect(names(sortCards(cards, 'recent'))).toEqual(['relaxation', 'sleep', 'box', 'energy']);
  });
  it('A-Z by name', () => {
    expect(sortCards(cards, 'az').map((c) => c.name)).toEqual([
      '4-7-8 Relaxation',
      'Box Breathing',
      'Energy Boost',
      'Sleep Preparation',
    ]);
  });
  it('does not change its input', () => {
    const copy = [...cards];
    sortCards(cards, 'az');
    expect(cards).toEqual(copy);
  });
});

describe('tabs', () => {
  it('Built-in, My Library, Favorites', () => {
    expect(cardsForTab(all, 'builtin', none)).toHaveLength(builtIns.length);
    expect(cardsForTab(all, 'mine', none).map((c) => c.id)).toEqual(['c1']);
    expect(
      cardsForTab(all, 'favorites', { ...none, favoriteIds: new Set(['sleep', 'c1']) }).map(
        (c) => c.id,
      ),
    ).toEqual(['sleep', 'c1']);
    expect(cardsForTab(all, 'favorites', none)).toEqual([]);
  });

  it('Recent keeps recency order, at most 8, and skips unknown ids', () => {
    const recentIds = [
      'sleep',
      'gone',
      'box',
      'c1',
      'energy',
      'relaxation',
      'wim_hof',
      'mindfulness',
      'coherent',
      'resonant',
    ];
    const r = cardsForTab(all, 'recent', { ...none, recentIds });
    expect(r.map((c) => c.id)).toEqual([
      'sleep',
      'box',
      'c1',
      'energy',
      'relaxation',
      'wim_hof',
      'mindfulness',
      'coherent',
    ]);
    expect(
      queryLibrary(
        all,
        { tab: 'recent', search: '', category: 'all', sort: 'recent' },
        { ...none, recentIds },
      ).map((c) => c.id)[0],
    ).toBe('sleep');
  });
});

describe('/patterns search params', () => {
  it('keeps goal=energy or sleep and drops anything else', async () => {
    const { parsePatternsSearch } = await import('../../src/domain/patternsSearchParams');
    expect(parsePatternsSearch({ goal: 'energy' })).toEqual({ goal: 'energy' });
    expect(parsePatternsSearch({ goal: 'sleep', x: 1 })).toEqual({ goal: 'sleep' });
    expect(parsePatternsSearch({ goal: 'focus' })).toEqual({});
    expect(parsePatternsSearch({ goal: ['sleep'] })).toEqual({});
    expect(parsePatternsSearch({})).toEqual({});
  });
});

/**
 * Library card data (issue #34): audience, primary and secondary benefits and access where
 * known; no instructor is invented for a built-in. Does not prove the card renders them
 * (LibraryScreen is not rendered here).
 */
describe('library card data', () => {
  it('built-ins: audience from difficulty, first benefit primary, the rest secondary, free (ETH)', () => {
    const box = toLibraryCard(getPattern('box')!);
    expect(box.targetAudience).toBe('Everyone, beginners included');
    expect(box.primaryBenefits).toEqual(['Calms the stress response']);
    expect(box.secondaryBenefits).toEqual(['Sharpens focus', 'Steadies the breath rhythm']);
    expect(box.access).toEqual({ type: 'free', currency: 'ETH' });
    expect(toLibraryCard(getPattern('wim_hof')!).targetAudience).toBe(
      'Experienced practitioners in good health',
    );
    for (const card of builtIns) {
      expect([...card.primaryBenefits, ...card.secondaryBenefits]).toEqual(card.benefits);
      expect(card.instructorName).toBeUndefined();
      expect(card.instructorCredentials).toBeUndefined();
    }
  });

  it('a custom pattern has no access claim (nothing known about a price)', () => {
    expect(custom.access).toBeUndefined();
    expect(custom.targetAudience).toBeTruthy();
  });
});
