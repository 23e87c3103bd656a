// The creator hub's public surface: the /creator-dashboard screen.
export { CreatorScreen } from './CreatorScreen';
