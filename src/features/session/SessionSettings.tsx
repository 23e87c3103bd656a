import { useId, useSyncExternalStore } from 'react';
import { COUNTDOWN_CHOICES, countdownLabel, countdownSeconds } from '../../domain/countdown';
import { describeCueChannels } from '../../domain/cueDesign';
import { cuesOnDevice } from '../../domain/cueFallback';
import { usePreferences } from '../../data/hooks';
import { setPreference } from '../../data/preferencesRepo';
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
import { speechAvailable } from './cues';
import { useCuePreferences } from './useCuePreferences';
import { VibrationSupportNote, useVibrationSupport } from './vibrationSupport';

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
  const { cues, setChannel, setVolume } = useCuePreferences();
  const { dim, theme, setDim, setTheme } = useDisplaySettings();
  const volumeId = useId();
  const canSpeak = speechAvailable();
  const canVibrate = useVibrationSupport();
  const percent = Math.round(cues.volume * 100);
  const countdown = countdownSeconds(usePreferences().countdownSeconds);

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
          <Switch
            label="Tones"
            description="A rising tone as you breathe in, a falling one as you breathe out, a soft tick on each hold."
            checked={cues.tones}
            onCheckedChange={(on) => setChannel('tones', on)}
          />
          <Switch
            label="Voice"
            description={
              canSpeak ? 'Speaks each phase: Inhale, Hold, Exhale.' : 'This browser cannot speak.'
            }
            checked={cues.voice && canSpeak}
            disabled={!canSpeak}
            onCheckedChange={(on) => setChannel('voice', on)}
          />
          <Switch
            label="Vibration"
            description={
              canVibrate
                ? 'A pattern per phase: swelling in, one tap on a hold, ebbing out, two taps.'
                : undefined
            }
            checked={cues.vibration && canVibrate}
            disabled={!canVibrate}
            onCheckedChange={(on) => setChannel('vibration', on)}
          />
          <VibrationSupportNote />
          <p className="session-settings__summary" role="status">
            {describeCueChannels(cuesOnDevice(cues, { canSpeak, canVibrate }))}
          </p>
          <div className="range-field">
            <div className="range-field__head">
              <label htmlFor={volumeId} className="field__label">
                Volume
              </label>
              <span className="muted" aria-hidden="true">
                {percent}%
              </span>
            </div>
            <input
              id={volumeId}
              type="range"
              min={0}
              max={100}
              step={5}
              value={percent}
              aria-valuetext={`${percent}%`}
              onChange={(e) => setVolume(Number(e.target.value) / 100)}
            />
          </div>
        </fieldset>

        <ChoiceGroup
          legend="Countdown before the start"
          columns
          choices={COUNTDOWN_CHOICES.map((seconds) => ({ value: seconds, label: countdownLabel(seconds) }))}
          value={countdown}
          onChange={(seconds) => void setPreference('countdownSeconds', seconds)}
        />
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
