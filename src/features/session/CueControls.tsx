import { useId } from 'react';
import { describeCueChannels } from '../../domain/cueDesign';
import { cuesOnDevice } from '../../domain/cueFallback';
import { LANGUAGES, LOCALES, type Locale } from '../../domain/i18n/locales';
import { SOUND_BEDS, SOUND_BED_LABELS } from '../../domain/soundBedChoice';
import { ChoiceGroup } from '../../ui/ChoiceGroup';
import { Switch } from '../../ui/Switch';
import { useCuePreferences } from './useCuePreferences';
import { useVoiceLanguage } from './useVoiceLanguage';
import { VIBRATION_UNAVAILABLE_TEXT, useVibrationSupport } from './vibrationSupport';

/**
 * The eyes-closed cue choices (voice, tones, vibration, in the order the summary names them; none of them is silence), what
 * plays on this device, and the cue volume: the one set of controls for the Settings
 * screen's 'Sound and vibration' and the session's 'Sound and display'. Every change is
 * the person's preference (src/data/preferencesRepo), kept on this device and synced to a
 * member's other devices. A channel the device lacks is off and disabled and says why;
 * a chosen vibration the device cannot give plays as tones (domain/cueFallback). The voice
 * is recordings played in the cue track, so every browser that plays audio speaks.
 */
/** A 0..1 level as a labelled percentage slider (steps of 5%), its value shown beside the label. */
function PercentRange({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
}) {
  const id = useId();
  const percent = Math.round(value * 100);
  return (
    <div className="range-field">
      <div className="range-field__head">
        <label htmlFor={id} className="field__label">
          {label}
        </label>
        <span className="muted" aria-hidden="true">
          {percent}%
        </span>
      </div>
      <input
        id={id}
        type="range"
        min={0}
        max={100}
        step={5}
        value={percent}
        aria-valuetext={`${percent}%`}
        onChange={(e) => onChange(Number(e.target.value) / 100)}
      />
    </div>
  );
}

/**
 * The language the voice speaks: each named in its own language and script, with its `lang`
 * (and `dir`) so it is read and shown as that language (docs/product.md § Languages).
 */
function VoiceLanguageChoice() {
  const id = useId();
  const { shown, choose } = useVoiceLanguage();
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        Voice language
      </label>
      <select
        id={id}
        className="field__input"
        value={shown}
        aria-describedby={`${id}-hint`}
        onChange={(e) => choose(e.target.value as Locale)}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l} dir={LANGUAGES[l].dir}>
            {LANGUAGES[l].own}
          </option>
        ))}
      </select>
      <div id={`${id}-hint`} className="field__hint">
        The step names in a computer voice (eSpeak NG), not yet checked by native speakers. Each
        language downloads the first time a session speaks it (under 60 kB), then works offline.
      </div>
    </div>
  );
}

export function CueControls() {
  const { cues, setChannel, setVolume, setBed, setBedLevel } = useCuePreferences();
  const canVibrate = useVibrationSupport();
  return (
    <>
      <Switch
        label="Voice"
        description="Speaks each phase: Inhale, Hold, Exhale."
        checked={cues.voice}
        onCheckedChange={(on) => setChannel('voice', on)}
      />
      <VoiceLanguageChoice />
      <Switch
        label="Tones"
        description="A rising tone as you breathe in, a falling one as you breathe out, a soft tick on each hold."
        checked={cues.tones}
        onCheckedChange={(on) => setChannel('tones', on)}
      />
      <Switch
        label="Vibration"
        description={
          canVibrate ? (
            'One pulse as you breathe in, two as you breathe out, a long one on each hold.'
          ) : (
            <span data-testid="vibration-unavailable">{VIBRATION_UNAVAILABLE_TEXT}</span>
          )
        }
        checked={cues.vibration && canVibrate}
        disabled={!canVibrate}
        onCheckedChange={(on) => setChannel('vibration', on)}
      />
      <p className="field__hint" role="status">
        {describeCueChannels(cuesOnDevice(cues, { canSpeak: true, canVibrate }))}
      </p>
      <PercentRange label="Volume" value={cues.volume} onChange={setVolume} />
      <ChoiceGroup
        legend="Sound bed"
        hint="A soft sound under the cues, made on this device. It loops without a break."
        columns
        choices={SOUND_BEDS.map((bed) => ({ value: bed, label: SOUND_BED_LABELS[bed] }))}
        value={cues.bed}
        onChange={setBed}
      />
      {cues.bed !== 'none' ? (
        <PercentRange label="Sound bed level" value={cues.bedLevel} onChange={setBedLevel} />
      ) : null}
    </>
  );
}
