import type { CustomPatternRecord } from '../../data/db';
import {
  DIFFICULTIES,
  PATTERN_CATEGORIES,
  type Difficulty,
  type PatternCategory,
} from '../../domain/patterns';
import { numberOr, textOr, timeOr, type ServerRow } from './serverValues';

/** The row sent to public.patterns (a custom pattern; `deleted` carries a soft delete). */
interface PatternRow {
  id: string;
  user_id: string;
  name: string;
  description: string | null;
  inhale: number;
  hold: number;
  exhale: number;
  hold_after_exhale: number;
  category: CustomPatternRecord['category'];
  difficulty: CustomPatternRecord['difficulty'];
  benefits: string[];
  created_at: string;
  updated_at: string;
  deleted: boolean;
}

export function toPatternRow(p: CustomPatternRecord, userId: string): PatternRow {
  return {
    id: p.id,
    user_id: userId,
    name: p.name,
    description: p.description || null,
    inhale: p.inhale,
    hold: p.hold,
    exhale: p.exhale,
    hold_after_exhale: p.hold_after_exhale,
    category: p.category,
    difficulty: p.difficulty,
    benefits: p.benefits ?? [],
    created_at: p.createdAt,
    // The server stamps its own time; this is only the device's edit time.
    updated_at: p.updatedAt,
    deleted: Boolean(p.deleted),
  };
}

const oneOf = <T extends string>(values: readonly T[], v: unknown, fallback: T): T =>
  typeof v === 'string' && (values as readonly string[]).includes(v) ? (v as T) : fallback;

/**
 * A custom pattern as the server has it, stored on this device as synced. Null when the
 * row lacks an id, a name or a usable timing (the server's checks make that rare).
 */
export function fromPatternRow(
  r: ServerRow,
  userId: string,
  serverUpdatedAt: string,
): CustomPatternRecord | null {
  const id = textOr(r.id);
  const name = textOr(r.name);
  const [inhale, hold, exhale, after] = [r.inhale, r.hold, r.exhale, r.hold_after_exhale].map(
    numberOr,
  );
  if (!id || !name || !inhale || !exhale || hold === undefined || after === undefined) return null;
  const created = timeOr(r.created_at) ?? Date.parse(serverUpdatedAt);
  return {
    id,
    userId,
    name,
    description: typeof r.description === 'string' ? r.description : '',
    inhale,
    hold,
    exhale,
    hold_after_exhale: after,
    category: oneOf<PatternCategory>(PATTERN_CATEGORIES, r.category, 'stress'),
    difficulty: oneOf<Difficulty>(DIFFICULTIES, r.difficulty, 'Beginner'),
    benefits: Array.isArray(r.benefits)
      ? r.benefits.filter((b): b is string => typeof b === 'string')
      : [],
    createdAt: new Date(created).toISOString(),
    updatedAt: serverUpdatedAt,
    deleted: r.deleted === true,
    syncState: 'synced',
    serverUpdatedAt,
  };
}
