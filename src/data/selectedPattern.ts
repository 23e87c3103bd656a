import { namedTimingsOf, type BreathingPattern, type PatternTimings } from '../domain/patterns';

/**
 * The selected pattern, as kept locally (preferences key selectedPattern; read and written
 * by ./selectedPatternRepo). Two shapes exist: chosen from the library, or from the
 * discovery page.
 */
interface LibrarySelectedPattern {
  source: 'library';
  key: string;
  name: string;
  phases: { inhale: number; hold: number; exhale: number; pause: number };
  cycles: number;
  hasBreathHold: boolean;
}

interface DiscoverySelectedPattern extends PatternTimings {
  source: 'discovery';
  id: string;
  name: string;
  benefits: string[];
}

export type SelectedPattern = LibrarySelectedPattern | DiscoverySelectedPattern;

export const SELECTED_PATTERN_KEY = 'selectedPattern';

/** Library defaults: cycles 5, hasBreathHold false. */
export function librarySelection(
  p: Omit<LibrarySelectedPattern, 'source' | 'cycles' | 'hasBreathHold'> &
    Partial<Pick<LibrarySelectedPattern, 'cycles' | 'hasBreathHold'>>,
): LibrarySelectedPattern {
  return { source: 'library', cycles: 5, hasBreathHold: false, ...p };
}

/** A built-in pattern chosen on home or in the library, in the discovery shape. */
export function discoverySelection(p: BreathingPattern): DiscoverySelectedPattern {
  return {
    source: 'discovery',
    ...namedTimingsOf(p),
    benefits: [...p.benefits],
  };
}

/** The pattern id of a selection, whichever shape it has. */
export function selectedPatternId(p: SelectedPattern): string {
  return p.source === 'library' ? p.key : p.id;
}
