export { ProfileScreen, PROFILE_HEADING, type ProfileScreenProps } from './ProfileScreen';
