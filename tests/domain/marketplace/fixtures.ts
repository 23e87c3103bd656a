import type { MarketplacePattern } from '../../../src/contracts/marketplace';

/** A published pattern as the API answers it, with `over` applied. */
export const published = (over: Partial<MarketplacePattern> = {}): MarketplacePattern => ({
  id: '8a1f4a53-5a3c-4c2f-9d51-3a1a4d7c0e11',
  name: 'Harbour Tide',
  description: 'Slow tide',
  inhale: 5,
  hold: 0,
  exhale: 7,
  hold_after_exhale: 1,
  category: 'sleep',
  difficulty: 'Beginner',
  benefits: ['Calm'],
  creator: { id: 'c1', name: 'Ada' },
  createdAt: '2026-11-23T01:00:00.000Z',
  updatedAt: '2026-11-23T01:00:00.000Z',
  rating: { average: null, count: 0 },
  usage: { users: 0, sessions: 0 },
  yourRating: null,
  mine: false,
  unpublished: false,
  ...over,
});
