import type { MarketplacePattern } from '../../src/contracts/marketplace';
import type { Difficulty, PatternCategory } from '../../src/domain/patterns';
import type { Tx } from '../db/types';

/** A row of public.marketplace_listing. */
export interface ListingRow {
  id: string;
  creator_id: string;
  creator_name: string;
  name: string;
  description: string;
  inhale: number;
  hold: number;
  exhale: number;
  hold_after_exhale: number;
  category: PatternCategory;
  difficulty: Difficulty;
  benefits: string[];
  created_at: Date | string;
  updated_at: Date | string;
  unpublished_at: Date | string | null;
  rating_avg: number;
  rating_count: number;
  users: number;
  sessions: number;
  your_rating: number | null;
  source_pattern_id: string | null;
}

/**
 * The columns every read selects (`l` is the listing view). source_pattern_id is readable by
 * the API's own role only (migration 20261127100000_one_write_path.sql), never by a guest's
 * anon role, whose reads get null in its place; toMarketplacePattern tells it to the creator alone.
 */
export function listingColumns(callerId: string | null): string {
  return `l.id, l.creator_id, l.creator_name, l.name, l.description, l.inhale, l.hold,
  l.exhale, l.hold_after_exhale, l.category, l.difficulty, l.benefits, l.created_at, l.updated_at,
  l.unpublished_at, l.rating_avg, l.rating_count, l.users, l.sessions, l.your_rating, ${
    callerId === null ? 'null::uuid as source_pattern_id' : 'l.source_pattern_id'
  }`;
}

/** The listing view (it carries the caller's own rating). */
export const LISTING_FROM = 'public.marketplace_listing l';

/** A timestamp column as ISO text (the driver gives a Date, PGlite's text mode a string). */
export const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/** `%`, `_` and `\\` typed into a search box match themselves (an ilike pattern). */
export const likeText = (s: string) => `%${s.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
/** Seconds as stored (real): rounded to the 2 decimals a pattern may have. */
const seconds = (n: number) => Math.round(Number(n) * 100) / 100;

export function toMarketplacePattern(row: ListingRow, callerId: string | null): MarketplacePattern {
  const mine = callerId !== null && row.creator_id === callerId;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    inhale: seconds(row.inhale),
    hold: seconds(row.hold),
    exhale: seconds(row.exhale),
    hold_after_exhale: seconds(row.hold_after_exhale),
    category: row.category,
    difficulty: row.difficulty,
    benefits: row.benefits,
    creator: { id: row.creator_id, name: row.creator_name },
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    rating: {
      average: row.rating_count > 0 ? Math.round(Number(row.rating_avg) * 10) / 10 : null,
      count: row.rating_count,
    },
    usage: { users: row.users, sessions: row.sessions },
    yourRating: row.your_rating ?? null,
    mine,
    unpublished: row.unpublished_at !== null,
    // Which of their library's patterns it came from: told to its creator only.
    ...(mine && row.source_pattern_id ? { sourcePatternId: row.source_pattern_id } : {}),
  };
}

/** One published pattern the caller may see (live, or their own), or undefined. */
export async function readPattern(tx: Tx, id: string, callerId: string | null): Promise<MarketplacePattern | undefined> {
  const r = await tx.query<ListingRow>(`select ${listingColumns(callerId)} from ${LISTING_FROM} where l.id = $1`, [id]);
  const row = r.rows[0];
  return row ? toMarketplacePattern(row, callerId) : undefined;
}
