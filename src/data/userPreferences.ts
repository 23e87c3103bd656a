import { DEFAULT_COUNTDOWN_SECONDS } from '../domain/countdown';

/**
 * The shape of a person's preferences and their defaults (what a missing key reads as).
 * Apart from the repository (./preferencesRepo), so the first screen can show the
 * defaults before the local database has loaded.
 */
export interface UserPreferences {
  defaultPattern: string;
  voiceEnabled: boolean;
  /** Session cues (the voice is voiceEnabled): tones per phase, vibration per phase, volume 0..1. */
  cueTones: boolean;
  cueVibration: boolean;
  cueVolume: number;
  /**
   * The language the spoken cues speak (a tag of domain/i18n/locales' LOCALES), or null when
   * never chosen: then the browser's language if it is one of them, else English (voiceLocale).
   */
  voiceLanguage: string | null;
  /** A sound bed under the cues ('none', 'brown', 'pink', 'rain'; domain/soundBedChoice) and its level 0..1. */
  soundBed: string;
  soundBedLevel: number;
  cameraEnabled: boolean;
  /** The patterns (and `program:<id>`s) switched to wind-down mode (ids; domain/windDown). */
  windDown: string[];
  /** The patterns switched out of it: the person's choice wins over the evening default. */
  windDownOff: string[];
  /** Seconds of countdown before a session starts (0: none); see domain/countdown. */
  countdownSeconds: number;
  /** Epoch ms of the last successful sync with the server, null before the first one. */
  lastSyncTime: number | null;
}

export const DEFAULT_PREFERENCES: Readonly<UserPreferences> = Object.freeze({
  defaultPattern: 'box',
  voiceEnabled: true,
  cueTones: true,
  cueVibration: true,
  cueVolume: 0.6,
  voiceLanguage: null,
  soundBed: 'none',
  soundBedLevel: 0.5,
  cameraEnabled: false,
  windDown: [],
  windDownOff: [],
  countdownSeconds: DEFAULT_COUNTDOWN_SECONDS,
  lastSyncTime: null,
});
