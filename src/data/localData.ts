/**
 * The local database as the app's first screen and its start-up services use it: Dexie's
 * live queries and the repository functions they call. This module (and with it Dexie) is
 * never imported statically by the entry: ./loadLocalData imports it once the app runs,
 * so the page's first script stays small. Screens that load as chunks of their own may
 * import the repositories directly.
 */
export { liveQuery } from 'dexie';
export {
  clearAuthSession,
  fromSupabaseSession,
  getAuthSession,
  getSignedInUser,
  saveAuthSession,
} from './authSessionRepo';
export { listCustomPatterns } from './customPatternsQueries';
export { getFlags, setFlag } from './flagsRepo';
export { listFavorites, listRatings, listRecentPatterns } from './patternUsageRepo';
export { getPersonPreference, getPreferences, setPersonPreference } from './preferencesRepo';
export { getSelectedPattern, setSelectedPattern } from './selectedPatternRepo';
export {
  countBySyncState,
  countGuestSessions,
  listProblemSessions,
  listSessions,
  listSessionsFor,
} from './sessionsRepo';
