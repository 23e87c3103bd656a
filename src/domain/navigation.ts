import { meetsAuthLevel, type AuthLevel } from './authLevel';
import type { SessionMode } from './sessionModes';

/**
 * Which navigation links a user sees (docs/product.md § Accounts and access). Pure: the
 * shell renders what this returns.
 */
interface NavContext {
  signedIn: boolean;
  /** The auth level; evm (a linked, connected social wallet) adds the Community link. */
  level?: AuthLevel;
  role?: 'user' | 'creator' | 'instructor';
  /** Current path, e.g. "/" or "/session/classic". */
  path: string;
}

interface NavLink {
  to: string;
  label: string;
  /** Extra paths that also mark the link as current. */
  alsoActiveOn?: string[];
}

export function headerLinks({ signedIn, role, path, level = 'none' }: NavContext): NavLink[] {
  const links: NavLink[] = [
    { to: '/', label: 'Home' },
    { to: '/session', label: 'Practice' },
    { to: '/create-post', label: 'Share' },
  ];
  if (signedIn) {
    links.push({ to: '/marketplace', label: 'Marketplace' });
    links.push({ to: '/progress', label: 'Progress' });
  }
  // Community for every member (issue 44 item 6), not only a wallet-connected one.
  if (signedIn || meetsAuthLevel(level, 'evm'))
    links.push({ to: '/community', label: 'Community' });
  if (signedIn || path !== '/') links.push({ to: '/instructor-onboarding', label: 'Teach' });
  if (role === 'creator') {
    links.push({
      to: '/creator-dashboard',
      label: 'Creator Hub',
      alsoActiveOn: ['/instructor', '/create-pattern'],
    });
  }
  if (signedIn) links.push({ to: '/profile', label: 'Profile' });
  else links.push({ to: '/auth', label: 'Sign In' });
  return links;
}

/**
 * The slide-out menu's links: every header link (the header's row is hidden on narrow
 * screens, so the menu is the way to Patterns, Progress, Creator Hub and the rest there),
 * with Teach always offered, home included.
 */
export function menuLinks(ctx: NavContext): NavLink[] {
  const links = headerLinks(ctx).filter((l) => l.to !== '/instructor-onboarding');
  const teach: NavLink = { to: '/instructor-onboarding', label: 'Teach' };
  const at = links.findIndex(
    (l) => l.to === '/creator-dashboard' || l.to === '/profile' || l.to === '/auth',
  );
  links.splice(at < 0 ? links.length : at, 0, teach);
  // Settings, for guests too, just before Profile or Sign In.
  const end = links.findIndex((l) => l.to === '/profile' || l.to === '/auth');
  links.splice(end < 0 ? links.length : end, 0, SETTINGS_LINK);
  return links;
}

/** The Settings screen (docs/product.md § Around the practice): in the menu, on Profile and as the header's gear. */
const SETTINGS_LINK: NavLink = { to: '/settings', label: 'Settings' };

/** True when `link` marks the current page. */
export function isActiveLink(link: NavLink, path: string): boolean {
  if (link.to === '/') return path === '/';
  if (path === link.to || path.startsWith(`${link.to}/`)) return true;
  return (link.alsoActiveOn ?? []).some((p) => path === p || path.startsWith(`${p}/`));
}

/** A session screen (/session/<mode>): no toast follows the person in here. */
export function isSessionScreen(path: string): boolean {
  return /^\/session\/[^/]+\/?$/.test(path);
}

/** Bottom navigation and the floating start button hide on these paths. */
export function isBottomNavHidden(path: string): boolean {
  return path.startsWith('/session/') || path.startsWith('/auth') || path.startsWith('/onboarding');
}

/** Routes rendered without the main layout. */
export function isOutsideMainLayout(path: string): boolean {
  return (
    path === '/auth' ||
    path === '/onboarding' ||
    path.startsWith('/auth/') ||
    path.startsWith('/onboarding/')
  );
}

export type BottomNavVariant = 'A' | 'B';

export interface BottomTab {
  to: string;
  label: string;
  search?: Record<string, string>;
  badge?: string;
}

interface BottomNavContext {
  signedIn: boolean;
  hasHistory: boolean;
}

/** Variant A: five tabs. */
export function bottomTabsA(): BottomTab[] {
  return [
    { to: '/session', label: 'Practice' },
    { to: '/marketplace', label: 'Marketplace' },
    { to: '/create', label: 'Create' },
    { to: '/community', label: 'Community' },
    { to: '/profile', label: 'Profile' },
  ];
}

/** Variant B: home-first tabs plus a floating start button. */
export function bottomTabsB({ signedIn, hasHistory }: BottomNavContext): BottomTab[] {
  return [
    { to: '/', label: 'Home' },
    hasHistory
      ? { to: '/create-post', label: 'Share', badge: signedIn ? undefined : 'New' }
      : { to: '/', label: 'Share', search: { prompt: 'share' } },
    // A guest's progress is on the device too (the page offers the account below it).
    { to: '/progress', label: 'Progress' },
    { to: '/community', label: 'Community' },
    signedIn ? { to: '/profile', label: 'Profile' } : { to: '/auth', label: 'Profile' },
  ];
}

/**
 * Something the play button (and home's 'Practice again') can start again: a pattern of the
 * catalogue or the library by its id, or a program (built-in or saved) by its id.
 */
export type PracticeTarget =
  | { kind: 'pattern'; id: string; name: string; mode?: SessionMode }
  | { kind: 'program'; id: string; name: string };

/** A pattern id the session route accepts (domain/sessionSearch). */
const ROUTE_PATTERN_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The practice a stored session can start again: its pattern, or its program (stored under
 * `program:<id>`, domain/programs/programRecord). A pattern or program that came from a link
 * and was not saved has no id to find it by again (`link:…`): none.
 */
function practisedTarget(
  s: { patternId: string; patternName: string; sessionType: SessionMode } | undefined,
): PracticeTarget | undefined {
  if (!s) return undefined;
  if (s.patternId.startsWith('program:')) {
    const id = s.patternId.slice('program:'.length);
    return id && !id.startsWith('link:') ? { kind: 'program', id, name: s.patternName } : undefined;
  }
  return ROUTE_PATTERN_ID.test(s.patternId)
    ? { kind: 'pattern', id: s.patternId, name: s.patternName, mode: s.sessionType }
    : undefined;
}

/** The newest of these sessions (newest first) that can be started again, as its target. */
export function lastPractisedTarget(
  sessions:
    readonly { patternId: string; patternName: string; sessionType: SessionMode }[] | undefined,
): PracticeTarget | undefined {
  for (const s of sessions ?? []) {
    const target = practisedTarget(s);
    if (target) return target;
  }
  return undefined;
}

/**
 * What the bottom bar's play button starts when the page shows nothing to practise of its
 * own (a pattern link, a program, a course day start their own; docs/product.md § Sessions):
 * on home and the library, the pattern chosen there (kept as the selected pattern), else the
 * last one practised; elsewhere the last one practised, else the selected pattern; else none
 * (the session then runs its default, box).
 */
export function quickStartTarget(
  path: string,
  selected: PracticeTarget | undefined,
  lastPractised: PracticeTarget | undefined,
): PracticeTarget | undefined {
  const choosing = path === '/' || path === '/patterns' || path.startsWith('/patterns/');
  return choosing ? (selected ?? lastPractised) : (lastPractised ?? selected);
}

/** A tab badge count reads 9+ above nine. */
export function badgeCount(n: number): string | undefined {
  if (n <= 0) return undefined;
  return n > 9 ? '9+' : String(n);
}
