// The discovery feature's public surface: recommendations from this device's history for
// the current hour and goal (the home screen and the session choice show them).
export { useDiscovery, type DiscoveryState } from './useDiscovery';
export { MoodChoice, setCurrentMood, useCurrentMood } from './currentMood';
