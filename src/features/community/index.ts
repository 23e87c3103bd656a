// The community feature's public surface.
export { CommunityScreen } from './CommunityScreen';
/** Community preferences, a self-contained panel for Settings. */
export { CommunityPreferencesPanel } from './CommunityPreferencesPanel';
