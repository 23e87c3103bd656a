// The session feature's public surface. navState also declares the router's history state
// (pattern, sessionResult), so importing this index brings those types along.
export type { ResultsNavState } from './navState';
export { SessionScreen } from './SessionScreen';
export { useSessionPattern } from './useSessionPattern';
// The cue and countdown controls the session's 'Sound and display' uses, for the Settings screen.
export { CueControls } from './CueControls';
export { CountdownChoice } from './CountdownChoice';
// The results screen's navigation state after a finished session of any kind.
export { resultsStateAfterSave } from './resultsHandOff';
// The cue track every session plays (patterns here, programs in ../programs) and the one
// loop that keeps a session's guide on its audio clock.
export { CueTrackPlayer, followAudio } from './cueTrackPlayer';
export { useVoiceClips } from './useVoiceClips';
export { useVoiceLanguage } from './useVoiceLanguage';
export { useVibrationSupport } from './vibrationSupport';
export { useSoundBed } from './useSoundBed';
export { vibrateStep } from './cues';
export {
  BACKGROUND_AUDIO_NOTE,
  backgroundNoteShown,
  markBackgroundNoteShown,
} from './backgroundNote';
// Wind-down mode (docs/product.md § Sleep and sound), for programs too.
export { useWindDown } from './useWindDown';
export { WindDownSwitch } from './WindDownSwitch';
export { WindDownEnd } from './WindDownEnd';
