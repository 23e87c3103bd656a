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
