import type { CustomPatternRecord } from '../../data/db';
import type { CoursePattern } from '../../domain/instructor/course';
import { PATTERNS } from '../../domain/patterns';

/** A pattern an instructor can put in a day: built-ins, then their own library. */
export interface PatternChoice {
  value: string;
  label: string;
  pattern: CoursePattern;
}

const toCoursePattern = (p: CoursePattern): CoursePattern => ({
  id: p.id,
  name: p.name,
  inhale: p.inhale,
  hold: p.hold,
  exhale: p.exhale,
  hold_after_exhale: p.hold_after_exhale,
});

export function patternChoices(own: readonly CustomPatternRecord[]): PatternChoice[] {
  return [
    ...PATTERNS.map((p) => ({ value: p.id, label: `${p.name} (built-in)`, pattern: toCoursePattern(p) })),
    ...own
      .filter((p) => !p.deleted)
      .map((p) => ({ value: p.id, label: `${p.name} (your library)`, pattern: toCoursePattern(p) })),
  ];
}
