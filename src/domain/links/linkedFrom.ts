/**
 * The pattern a link carries, from the shapes other screens hold (docs/patterns-format.md):
 * a full definition (library, marketplace) or a community post's shared pattern (a built-in
 * id, or a name and four timings). Pure.
 */
import { getPattern, isCatalogueId, type PatternDefinition } from '../patterns';
import { sharedTimings, type SharedPattern } from '../share/sharedPattern';
import type { LinkedPattern } from './patternLink';

/** Just the fields a link carries, from any pattern definition. */
export function linkedPatternOf(p: PatternDefinition): LinkedPattern {
  return {
    name: p.name,
    description: p.description,
    inhale: p.inhale,
    hold: p.hold,
    exhale: p.exhale,
    hold_after_exhale: p.hold_after_exhale,
    category: p.category,
    difficulty: p.difficulty,
    benefits: [...p.benefits],
  };
}

/** A post's pattern as a link carries it, or null when the post holds no breathable timings. */
export function linkedPatternOfShared(p: SharedPattern): LinkedPattern | null {
  if (p.id && isCatalogueId(p.id)) return linkedPatternOf(getPattern(p.id)!);
  const t = sharedTimings(p);
  if (!t) return null;
  return {
    name: p.name,
    description: '',
    ...t,
    category: 'stress',
    difficulty: 'Beginner',
    benefits: [],
  };
}
