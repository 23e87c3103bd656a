export { ProfileScreen, PROFILE_HEADING } from './ProfileScreen';
