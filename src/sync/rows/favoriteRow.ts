import type { FavoritePatternRecord } from '../../data/db';
import { deletedAtOf, pulledMeta, textOr, timeOr, type ServerRow } from './serverValues';

/** The row sent to public.user_favorites: one per user and pattern; `deleted_at` set = removed. */
interface FavoriteRow {
  user_id: string;
  pattern_id: string;
  added_at: string;
  /** Any time marks a removal; the server replaces it with its own. */
  deleted_at: string | null;
}

export function toFavoriteRow(f: FavoritePatternRecord, userId: string): FavoriteRow {
  return {
    user_id: userId,
    pattern_id: f.patternId,
    added_at: new Date(f.addedAt).toISOString(),
    deleted_at: deletedAtOf(f),
  };
}

/** A favourite as the server has it (null when unreadable); tombstones come back with deleted set. */
export function fromFavoriteRow(
  r: ServerRow,
  userId: string,
  serverUpdatedAt: string,
): FavoritePatternRecord | null {
  const patternId = textOr(r.pattern_id);
  if (!patternId) return null;
  return {
    ...pulledMeta(r, userId, serverUpdatedAt),
    patternId,
    addedAt: timeOr(r.added_at) ?? Date.parse(serverUpdatedAt),
  };
}
