import { useSyncExternalStore } from 'react';
import { THEME_CHOICES, THEME_CHOICE_LABELS } from '../../domain/nightTheme';
import {
  getSessionDim,
  getThemeChoice,
  setSessionDim,
  setThemeChoice,
  subscribeTheme,
} from '../../styles/theme';
import { Link } from '@tanstack/react-router';
import { Button } from '../../ui/Button';
import { ChoiceGroup } from '../../ui/ChoiceGroup';
import { Dialog } from '../../ui/Dialog';
import { Switch } from '../../ui/Switch';
import { CountdownChoice } from './CountdownChoice';
import { CueControls } from './CueControls';

/** The session's dim mode and the theme choice, live as they change. */
export function useDisplaySettings() {
  const dim = useSyncExternalStore(subscribeTheme, getSessionDim, () => false);
  const theme = useSyncExternalStore(subscribeTheme, getThemeChoice, getThemeChoice);
  return { dim, theme, setDim: setSessionDim, setTheme: setThemeChoice };
}

/**
 * 'Sound and display': how the session guides closed eyes (voice, tones, vibration, or
 * none of them for silence), the cue volume, the countdown before the start, the theme (night practice) and dim mode.
 * Every change is kept: cues in the person's preferences, display on this device.
 */
export function SessionSettings({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { dim, theme, setDim, setTheme } = useDisplaySettings();

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Sound and display"
      description="How the session guides you with your eyes closed, and how the screen looks."
    >
      <div className="session-settings">
        <fieldset className="session-settings__group">
          <legend>Cues</legend>
          <CueControls />
        </fieldset>

        <CountdownChoice />
        <ChoiceGroup
          legend="Theme"
          hint={
            <>
              Also in <Link to="/settings">Settings</Link>, with the rest of the app’s choices.
            </>
          }
          choices={THEME_CHOICES.map((choice) => ({ value: choice, label: THEME_CHOICE_LABELS[choice] }))}
          value={theme}
          onChange={setTheme}
        />
        <Switch
          label="Dim the session"
          description="A darker screen and a fainter guide, for practice at night."
          checked={dim}
          onCheckedChange={setDim}
        />
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Done
        </Button>
      </div>
    </Dialog>
  );
}
