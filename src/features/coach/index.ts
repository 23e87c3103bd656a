// The coach feature's public surface: lazy components only (the coach is never in the first load).
export { CoachPreferences, SessionAnalysisCard } from './LazyCoach';
