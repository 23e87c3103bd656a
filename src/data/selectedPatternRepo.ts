import { getPersonPreference, setPersonPreference } from './preferencesRepo';
import { SELECTED_PATTERN_KEY, selectedPatternId, type SelectedPattern } from './selectedPattern';
import { rememberSessionPattern } from './sessionPatternHint';

export { librarySelection } from './selectedPattern';

/** The person's selection (a preference: it follows a signed-in user to their other devices). */
export async function getSelectedPattern(): Promise<SelectedPattern | undefined> {
  return getPersonPreference<SelectedPattern>(SELECTED_PATTERN_KEY);
}

export async function setSelectedPattern(p: SelectedPattern): Promise<void> {
  await setPersonPreference(SELECTED_PATTERN_KEY, p);
  rememberSessionPattern(selectedPatternId(p));
}
