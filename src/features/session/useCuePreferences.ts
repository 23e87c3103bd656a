import { useCallback } from 'react';
import { usePreferences } from '../../data/hooks';
import { setPreference } from '../../data/preferencesRepo';
import { cueVolume, type CueChannels } from '../../domain/cueDesign';
import { soundBed, soundBedLevel, type SoundBed } from '../../domain/soundBedChoice';

export interface CuePreferences extends CueChannels {
  volume: number;
  /** The sound bed under the cues (domain/soundBedChoice) and its level 0..1. */
  bed: SoundBed;
  bedLevel: number;
}

/**
 * The person's eyes-closed cue choice (voice, tones, vibration; none of them is silence)
 * and the cue volume, from the local preferences, with setters that store a change.
 */
export function useCuePreferences(): {
  cues: CuePreferences;
  setChannel: (channel: keyof CueChannels, on: boolean) => void;
  setVolume: (volume: number) => void;
  setBed: (bed: SoundBed) => void;
  setBedLevel: (level: number) => void;
} {
  const prefs = usePreferences();
  const cues: CuePreferences = {
    voice: prefs.voiceEnabled,
    tones: prefs.cueTones,
    vibration: prefs.cueVibration,
    volume: cueVolume(prefs.cueVolume),
    bed: soundBed(prefs.soundBed),
    bedLevel: soundBedLevel(prefs.soundBedLevel),
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
  const setBed = useCallback((bed: SoundBed) => void setPreference('soundBed', soundBed(bed)), []);
  const setBedLevel = useCallback(
    (level: number) => void setPreference('soundBedLevel', soundBedLevel(level)),
    [],
  );
  return { cues, setChannel, setVolume, setBed, setBedLevel };
}
