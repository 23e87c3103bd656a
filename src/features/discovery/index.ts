// The discovery feature's public surface: recommendations from this device's history for
// the current hour and goal (the home screen and the session choice show them).
export { useDiscovery } from './useDiscovery';
export { MoodChoice } from './currentMood';
