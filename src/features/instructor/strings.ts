import { BECOME_INSTRUCTOR } from '../home';

/** Texts of the instructor side (docs/product.md § Instructors), each defined once, here. */
export const TEACH_TEXT = Object.freeze({
  becomeInstructor: BECOME_INSTRUCTOR,
  /** The onboarding's last button: it makes the instructor profile. */
  createProfile: 'Create instructor profile',
  teaserBody:
    'Share what you know: publish your breathing patterns and build day-by-day courses your students can follow offline.',
  teaserNeeds: 'Needs an account',
  signUp: 'Sign up or sign in to teach',
  offlineOnboarding: 'You are offline. Becoming an instructor needs a connection; your answers stay on this screen.',
  dashboardTitle: 'Your teaching',
  newCourse: 'New course',
  publishPatterns: 'Publish your patterns',
  publishPatternsBody:
    'Patterns you make on Create can be published to the marketplace, where students find them next to your courses.',
  coursesTitle: 'Courses',
  coursesOffline: 'You are offline. Published courses are listed when you are back online; the courses you enrolled in stay on this device.',
});
