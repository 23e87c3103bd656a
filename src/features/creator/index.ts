// The creator hub's public surface: the /creator-dashboard screen.
export { CreatorScreen, CREATOR_HUB_HEADING } from './CreatorScreen';
