/** /patterns search params. Pure and tiny: the route validates with it at start-up. */
export interface PatternsSearch {
  goal?: 'energy' | 'sleep';
}

/** /patterns takes goal=energy or goal=sleep; any other value is dropped. */
export function parsePatternsSearch(search: Record<string, unknown>): PatternsSearch {
  return search.goal === 'energy' || search.goal === 'sleep' ? { goal: search.goal } : {};
}
