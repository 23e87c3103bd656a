import { useId } from 'react';
import { COUNTDOWN_CHOICES, countdownLabel, countdownSeconds } from '../../domain/countdown';
import { describeCueChannels } from '../../domain/cueDesign';
import { usePreferences } from '../../data/hooks';
import { setPreference } from '../../data/preferencesRepo';
import { ChoiceGroup } from '../../ui/ChoiceGroup';
import { Switch } from '../../ui/Switch';
import { useHydrating } from '../../ui/useHydrating';
import { VIBRATION_UNAVAILABLE_TEXT, speechAvailable, useCuePreferences, useVibrationSupport } from '../session';

/**
 * How a session guides closed eyes (voice, tones, vibration, volume) and the countdown
 * before it starts: the person's preferences, kept on this device and synced to a member's
 * other devices (src/data/preferencesRepo).
 */
export function CueSettings() {
  const { cues, setChannel, setVolume } = useCuePreferences();
  const volumeId = useId();
  // Unknown to the prerendered page: taken as available until hydrated (as vibration is).
  const hydrating = useHydrating();
  const canSpeak = hydrating || speechAvailable();
  const canVibrate = useVibrationSupport();
  const percent = Math.round(cues.volume * 100);
  return (
    <>
      <Switch
        label="Voice"
        description={canSpeak ? 'Says each phase: Inhale, Hold, Exhale.' : 'This browser cannot speak.'}
        checked={cues.voice && canSpeak}
        disabled={!canSpeak}
        onCheckedChange={(on) => setChannel('voice', on)}
      />
      <Switch
        label="Tones"
        description="A rising tone as you breathe in, a falling one as you breathe out, a soft tick on each hold."
        checked={cues.tones}
        onCheckedChange={(on) => setChannel('tones', on)}
      />
      <Switch
        label="Vibration"
        description={canVibrate ? 'A pattern for each phase you can feel.' : VIBRATION_UNAVAILABLE_TEXT}
        checked={cues.vibration && canVibrate}
        disabled={!canVibrate}
        onCheckedChange={(on) => setChannel('vibration', on)}
      />
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
      <p className="field__hint" role="status">
        Cues: {describeCueChannels({
          voice: cues.voice && canSpeak,
          tones: cues.tones,
          vibration: cues.vibration && canVibrate,
        })}
      </p>
    </>
  );
}

export function CountdownSettings() {
  const countdown = countdownSeconds(usePreferences().countdownSeconds);
  return (
    <ChoiceGroup
      legend="Countdown before a session starts"
      columns
      choices={COUNTDOWN_CHOICES.map((s) => ({ value: s, label: countdownLabel(s) }))}
      value={countdown}
      onChange={(s) => void setPreference('countdownSeconds', s)}
    />
  );
}
