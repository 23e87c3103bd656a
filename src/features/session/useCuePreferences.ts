import { useCallback } from 'react';
import { usePreferences } from '../../data/hooks';
import { setPreference } from '../../data/preferencesRepo';
import { cueVolume, type CueChannels } from '../../domain/cueDesign';

export interface CuePreferences extends CueChannels {
  volume: number;
}

/**
 * The person's eyes-closed cue choice (voice, tones, vibration; none of them is silence)
 * and the cue volume, from the local preferences, with setters that store a change.
 */
export function useCuePreferences(): {
  cues: CuePreferences;
  setChannel: (channel: keyof CueChannels, on: boolean) => void;
  setVolume: (volume: number) => void;
} {
  const prefs = usePreferences();
  const cues: CuePreferences = {
    voice: prefs.voiceEnabled,
    tones: prefs.cueTones,
    vibration: prefs.cueVibration,
    volume: cueVolume(prefs.cueVolume),
  };
  const setChannel = useCallback((channel: keyof CueChannels, on: boolean) => {
    const key =
      channel === 'voice' ? 'voiceEnabled' : channel === 'tones' ? 'cueTones' : 'cueVibration';
    void setPreference(key, on);
  }, []);
  const setVolume = useCallback(
    (volume: number) => void setPreference('cueVolume', cueVolume(volume)),
    [],
  );
  return { cues, setChannel, setVolume };
}
