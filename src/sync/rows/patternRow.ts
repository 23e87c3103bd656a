import type { CustomPatternRecord } from '../../data/db';

/** The row sent to public.patterns (a custom pattern; `deleted` carries a soft delete). */
export interface PatternRow {
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
    updated_at: p.updatedAt,
    deleted: Boolean(p.deleted),
  };
}
