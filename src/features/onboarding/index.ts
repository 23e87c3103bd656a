export { MobileOnboarding } from './MobileOnboarding';
export { ONBOARDING_STEPS, PHONE_QUERY } from './steps';
