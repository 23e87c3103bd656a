export { NoTrackingSetting } from './NoTrackingSetting';
