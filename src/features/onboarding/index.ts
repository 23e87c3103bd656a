export { MobileOnboarding } from './MobileOnboarding';
