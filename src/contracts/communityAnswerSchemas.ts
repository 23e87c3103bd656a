/**
 * What a community answer must look like before anything renders it (docs/product.md
 * § Sharing and community, § Security): posts, challenges and trending patterns read from
 * the server are checked here, item by item, and an item that does not fit is left out, so
 * one malformed row (written before the database checked its shape, or by another server)
 * never takes the community page down for everyone. The server checks its rows with the
 * same schemas before answering; the app checks again at its edge (src/backend/api/communityApi.ts).
 *
 * Pure (zod only).
 */
import { z } from 'zod';
import type { Challenge, Post, TrendingPattern } from './community';

const seconds = z.number().finite().min(0).max(120);

/** A shared pattern: a name (1-100 characters), an optional id, optional phase seconds. */
export const sharedPatternShape = z.object({
  id: z.string().min(1).max(200).optional(),
  name: z.string().min(1).max(100),
  inhale: seconds.optional(),
  hold: seconds.optional(),
  exhale: seconds.optional(),
  holdAfterExhale: seconds.optional(),
});

const count = z.number().finite().min(0);

export const sharedSessionShape = z.object({
  durationSeconds: count,
  cycles: count,
  targetCycles: count.optional(),
  qualityScore: z.number().finite().min(0).max(100).optional(),
  mode: z.enum(['classic', 'enhanced', 'mobile']).optional(),
  completedAt: z.string().optional(),
});

const person = z.object({ id: z.string(), name: z.string() });

const postShape = z.object({
  id: z.string(),
  type: z.literal('BREATHING_SESSION'),
  content: z.string(),
  createdAt: z.string(),
  author: person,
  pattern: sharedPatternShape,
  session: sharedSessionShape.nullable(),
  stats: z.object({ reactions: count, comments: count }),
  viewer: z.object({ isOwn: z.boolean(), reacted: z.boolean(), followsAuthor: z.boolean() }),
  lensPostId: z.string().nullable().optional(),
  fromFollowing: z.boolean().optional(),
});

const challengeShape = z.object({
  id: z.string(),
  pattern: sharedPatternShape,
  duration: count,
  targetSessions: count,
  participants: count,
  posts: count,
  startsAt: z.string(),
  endsAt: z.string(),
  isActive: z.boolean(),
  yourSessions: count,
});

const trendingPatternShape = z.object({
  id: z.string().optional(),
  name: z.string().min(1),
  pattern: sharedPatternShape.nullable(),
  sessions: count,
  shares: count,
  people: count,
});

/** The items of `list` that fit `shape` (as parsed); the others are left out. */
function wellFormed<T>(shape: z.ZodType<T>, list: unknown): T[] {
  if (!Array.isArray(list)) return [];
  const out: T[] = [];
  for (const item of list) {
    const r = shape.safeParse(item);
    if (r.success) out.push(r.data);
  }
  return out;
}

export const wellFormedPosts = (list: unknown): Post[] =>
  wellFormed<Post>(postShape as z.ZodType<Post>, list);
export const wellFormedChallenges = (list: unknown): Challenge[] =>
  wellFormed<Challenge>(challengeShape as z.ZodType<Challenge>, list);
export const wellFormedTrending = (list: unknown): TrendingPattern[] =>
  wellFormed<TrendingPattern>(trendingPatternShape as z.ZodType<TrendingPattern>, list);
