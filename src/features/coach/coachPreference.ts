import { useLocalQuery } from '../../data/useLocalQuery';
import { getPersonPreference, setPersonPreference } from '../../data/preferencesRepo';
import { isAiProvider, type AiProvider } from '../../domain/coach/constants';

/**
 * Which analysis to ask for, one of the person's preferences (it syncs to a signed-in
 * user's other devices): 'auto' (the first provider the server offers), 'device'
 * (on-device only: nothing is sent), or one provider.
 */
export type CoachChoice = 'auto' | 'device' | AiProvider;

const CHOICE_KEY = 'coachProvider';

const asChoice = (v: unknown): CoachChoice => (v === 'device' || isAiProvider(v) ? v : 'auto');

async function getCoachChoice(): Promise<CoachChoice> {
  return asChoice(await getPersonPreference(CHOICE_KEY));
}

export async function setCoachChoice(choice: CoachChoice): Promise<void> {
  await setPersonPreference(CHOICE_KEY, choice);
}

/** undefined while loading. */
export function useCoachChoice(): CoachChoice | undefined {
  return useLocalQuery(getCoachChoice, []);
}
