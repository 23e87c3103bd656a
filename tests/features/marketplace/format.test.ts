import { describe, expect, it } from 'vitest';
import { creatorTotals, opensCreatorHub } from '../../../src/features/marketplace/creatorFigures';
import {
  hasLibraryCopy,
  libraryCopyOf,
  patternToTry,
  ratingText,
  resultsText,
  usageText,
} from '../../../src/features/marketplace/format';
import { published } from '../../domain/marketplace/fixtures';


describe('marketplace figures as text', () => {
  it('ratings: average to one decimal with the count, or none yet', () => {
    expect(ratingText({ average: null, count: 0 })).toBe('No ratings yet');
    expect(ratingText({ average: 4, count: 1 })).toBe('4.0 of 5 (1 rating)');
    expect(ratingText({ average: 3.5, count: 2 })).toBe('3.5 of 5 (2 ratings)');
  });

  it('use: people and sessions, singular and plural', () => {
    expect(usageText({ users: 0, sessions: 0 })).toBe('0 people · 0 sessions');
    expect(usageText({ users: 1, sessions: 1 })).toBe('1 person · 1 session');
    expect(usageText({ users: 3, sessions: 12 })).toBe('3 people · 12 sessions');
  });

  it('results line: a count, or why there is nothing', () => {
    expect(resultsText({ total: 1 }, false)).toBe('1 pattern found');
    expect(resultsText({ total: 14 }, true)).toBe('14 patterns found');
    expect(resultsText({ total: 0 }, true)).toBe('No published patterns match your search.');
    expect(resultsText({ total: 0 }, false)).toBe('No patterns have been published yet.');
  });
});

describe('what a published pattern becomes', () => {
  it('a try carries the marketplace id (so the synced session counts) and the definition', () => {
    const p = published();
    expect(patternToTry(p)).toEqual({ id: p.id, ...libraryCopyOf(p) });
    expect(patternToTry(p)).toMatchObject({ id: '8a1f4a53-5a3c-4c2f-9d51-3a1a4d7c0e11', inhale: 5, exhale: 7, hold_after_exhale: 1 });
  });

  it('a library copy is the definition only (no creator, figures or id), with its own benefits list', () => {
    const p = published();
    const copy = libraryCopyOf(p);
    expect(Object.keys(copy).sort()).toEqual(
      ['benefits', 'category', 'description', 'difficulty', 'exhale', 'hold', 'hold_after_exhale', 'inhale', 'name'],
    );
    expect(copy).toMatchObject({ name: p.name, description: p.description, exhale: 7, category: 'sleep', benefits: ['Calm'] });
    expect(copy.benefits).not.toBe(p.benefits);
  });

  it('finds a copy by name and all four timings', () => {
    const p = published();
    const same = { name: 'Harbour Tide', inhale: 5, hold: 0, exhale: 7, hold_after_exhale: 1 };
    expect(hasLibraryCopy(p, [same])).toBe(true);
    expect(hasLibraryCopy(p, [{ ...same, hold_after_exhale: 0 }])).toBe(false);
    expect(hasLibraryCopy(p, [{ ...same, name: 'harbour tide' }])).toBe(false);
    expect(hasLibraryCopy(p, [])).toBe(false);
  });
});

describe('creator hub', () => {
  it('adds sessions and ratings across patterns, counts published and unpublished', () => {
    expect(
      creatorTotals([
        published({ usage: { users: 2, sessions: 5 }, rating: { average: 4, count: 2 } }),
        published({ usage: { users: 2, sessions: 1 }, rating: { average: 5, count: 1 }, unpublished: true }),
      ]),
    ).toEqual({ published: 1, unpublished: 1, sessions: 6, ratings: 3 });
    expect(creatorTotals([])).toEqual({ published: 0, unpublished: 0, sessions: 0, ratings: 0 });
  });

  it('opens for creators, and for an instructor who has published', () => {
    expect(opensCreatorHub({ role: 'creator', patterns: [] })).toBe(true);
    expect(opensCreatorHub({ role: 'user', patterns: [] })).toBe(false);
    expect(opensCreatorHub({ role: 'instructor', patterns: [] })).toBe(false);
    expect(opensCreatorHub({ role: 'instructor', patterns: [published({ mine: true })] })).toBe(true);
  });
});
