import type { PatternTimings } from '../domain/patterns';
import { db } from './db';

/**
 * The locally kept selected pattern (preferences key selectedPattern). Two shapes exist:
 * chosen from the library, or from the discovery page.
 */
export interface LibrarySelectedPattern {
  source: 'library';
  key: string;
  name: string;
  phases: { inhale: number; hold: number; exhale: number; pause: number };
  cycles: number;
  hasBreathHold: boolean;
}

export interface DiscoverySelectedPattern extends PatternTimings {
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

export async function getSelectedPattern(): Promise<SelectedPattern | undefined> {
  const row = await db.preferences.get(SELECTED_PATTERN_KEY);
  return (row?.value as SelectedPattern | undefined) ?? undefined;
}

export async function setSelectedPattern(p: SelectedPattern): Promise<void> {
  await db.preferences.put({ key: SELECTED_PATTERN_KEY, value: p });
}

export async function clearSelectedPattern(): Promise<void> {
  await db.preferences.delete(SELECTED_PATTERN_KEY);
}

/** The pattern id of a selection, whichever shape it has. */
export function selectedPatternId(p: SelectedPattern): string {
  return p.source === 'library' ? p.key : p.id;
}
