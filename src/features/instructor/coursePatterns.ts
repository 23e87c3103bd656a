import type { CustomPatternRecord } from '../../data/db';
import { coursePatternOf, type CoursePattern } from '../../domain/instructor/course';
import { PATTERNS } from '../../domain/patterns';

/** A pattern an instructor can put in a day: built-ins, then their own library. */
export interface PatternChoice {
  value: string;
  label: string;
  pattern: CoursePattern;
}

export function patternChoices(own: readonly CustomPatternRecord[]): PatternChoice[] {
  return [
    ...PATTERNS.map((p) => ({ value: p.id, label: `${p.name} (built-in)`, pattern: coursePatternOf(p) })),
    ...own
      .filter((p) => !p.deleted)
      .map((p) => ({ value: p.id, label: `${p.name} (your library)`, pattern: coursePatternOf(p) })),
  ];
}
