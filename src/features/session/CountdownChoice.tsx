import { COUNTDOWN_CHOICES, countdownLabel, countdownSeconds } from '../../domain/countdown';
import { usePreferences } from '../../data/hooks';
import { setPreference } from '../../data/preferencesRepo';
import { ChoiceGroup } from '../../ui/ChoiceGroup';

/**
 * The countdown before a session starts (none, 3, 5 or 10 s): one choice for the Settings
 * screen and the session's 'Sound and display', kept in the person's preferences.
 */
export function CountdownChoice() {
  const countdown = countdownSeconds(usePreferences().countdownSeconds);
  return (
    <ChoiceGroup
      legend="Countdown before a session starts"
      columns
      choices={COUNTDOWN_CHOICES.map((seconds) => ({ value: seconds, label: countdownLabel(seconds) }))}
      value={countdown}
      onChange={(seconds) => void setPreference('countdownSeconds', seconds)}
    />
  );
}
