export { ProfileScreen, type ProfileScreenProps } from './ProfileScreen';
