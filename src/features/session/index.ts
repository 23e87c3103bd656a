// The session feature's public surface. navState also declares the router's history state
// (pattern, sessionResult), so importing this index brings those types along.
export type { ResultsNavState } from './navState';
export { SessionScreen } from './SessionScreen';
export { useSessionPattern } from './useSessionPattern';
// The cue preferences and what this device can do, for the Settings screen.
export { useCuePreferences } from './useCuePreferences';
export { speechAvailable } from './cues';
export { VIBRATION_UNAVAILABLE_TEXT, useVibrationSupport } from './vibrationSupport';
