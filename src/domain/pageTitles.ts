/**
 * Each page's <title> (docs/product.md § Around the practice): what the page is, then the
 * app's name, so a tab, a bookmark and a screen reader's page announcement say where
 * the person is. Pure: the root layout writes it on every navigation, the prerender into
 * each built page.
 */
const APP_NAME = 'Pneuma';

const TITLES: Record<string, string> = {
  '/': 'Home',
  '/enhanced': 'Home, enhanced',
  '/session': 'Practice',
  '/session/classic': 'Classic session',
  '/session/enhanced': 'Enhanced session',
  '/session/mobile': 'Quick session',
  '/results': 'Results',
  '/patterns': 'Pattern library',
  '/marketplace': 'Marketplace',
  '/create': 'Create a pattern or program',
  '/programs': 'Programs',
  '/create-post': 'Share',
  '/community': 'Community',
  '/progress': 'Progress',
  '/profile': 'Profile',
  '/settings': 'Settings',
  '/auth': 'Sign in or sign up',
  '/onboarding': 'Create your account',
  '/instructor-onboarding': 'Teach',
  '/creator-dashboard': 'Creator Hub',
  '/courses': 'Courses',
};

const PREFIXES: readonly [string, string][] = [
  ['/courses/', 'Course'],
  ['/instructors/', 'Instructor'],
  ['/teach/courses/', 'Edit course'],
  ['/auth/', 'Your account'],
  ['/programs/', 'Program'],
  ['/p/', 'Shared with you'],
];

/** The page's title for a path ('Page not found' for a path outside the route table). */
export function pageTitle(path: string): string {
  const p = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const own = TITLES[p] ?? PREFIXES.find(([prefix]) => p.startsWith(prefix))?.[1] ?? 'Page not found';
  return `${own} · ${APP_NAME}`;
}
