import type { PatternRatingRecord } from '../../data/db';
import { isValidRating } from '../../data/patternUsageRepo';
import { deletedAtOf, pulledMeta, textOr, timeOr, type ServerRow } from './serverValues';

/** The row sent to public.user_ratings: one per user and pattern. */
interface RatingRow {
  user_id: string;
  pattern_id: string;
  rating: number;
  rated_at: string;
  deleted_at: string | null;
}

export function toRatingRow(r: PatternRatingRecord, userId: string): RatingRow {
  return {
    user_id: userId,
    pattern_id: r.patternId,
    rating: r.rating,
    rated_at: new Date(r.ratedAt).toISOString(),
    deleted_at: deletedAtOf(r),
  };
}

export function fromRatingRow(
  r: ServerRow,
  userId: string,
  serverUpdatedAt: string,
): PatternRatingRecord | null {
  const patternId = textOr(r.pattern_id);
  if (!patternId || !isValidRating(r.rating)) return null;
  return {
    ...pulledMeta(r, userId, serverUpdatedAt),
    patternId,
    rating: r.rating,
    ratedAt: timeOr(r.rated_at) ?? Date.parse(serverUpdatedAt),
  };
}
