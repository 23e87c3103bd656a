import { describe, expect, it } from 'vitest';
import {
  badgeCount,
  bottomTabsA,
  bottomTabsB,
  headerLinks,
  isActiveLink,
  isBottomNavHidden,
  isOutsideMainLayout,
  lastPractisedTarget,
  menuLinks,
  quickStartTarget,
} from '../../src/domain/navigation';

const labels = (links: { label: string }[]) => links.map((l) => l.label);

describe('header links', () => {
  it('guest sees Practice, Share, Teach and Sign In; no Patterns or Progress', () => {
    expect(labels(headerLinks({ signedIn: false, path: '/patterns' }))).toEqual([
      'Home',
      'Practice',
      'Share',
      'Teach',
      'Sign In',
    ]);
  });
  it('Teach is hidden on home', () => {
    expect(labels(headerLinks({ signedIn: false, path: '/' }))).not.toContain('Teach');
  });
  it('signed-in users get Marketplace, Progress, Community, Teach and Profile', () => {
    // Community for every member, with or without a wallet (issue 44 item 6).
    expect(labels(headerLinks({ signedIn: true, path: '/' }))).toEqual([
      'Home',
      'Practice',
      'Share',
      'Marketplace',
      'Progress',
      'Community',
      'Teach',
      'Profile',
    ]);
  });
  it('Creator Hub only for creators, highlighted on instructor and create-pattern paths', () => {
    expect(labels(headerLinks({ signedIn: true, role: 'user', path: '/' }))).not.toContain(
      'Creator Hub',
    );
    const hub = headerLinks({ signedIn: true, role: 'creator', path: '/' }).find(
      (l) => l.label === 'Creator Hub',
    )!;
    expect(hub.to).toBe('/creator-dashboard');
    expect(isActiveLink(hub, '/instructor/courses')).toBe(true);
    expect(isActiveLink(hub, '/create-pattern')).toBe(true);
    expect(isActiveLink(hub, '/create')).toBe(false);
  });
  it('home is active only on /', () => {
    expect(isActiveLink({ to: '/', label: 'Home' }, '/')).toBe(true);
    expect(isActiveLink({ to: '/', label: 'Home' }, '/patterns')).toBe(false);
    expect(isActiveLink({ to: '/session', label: 'Practice' }, '/session/classic')).toBe(true);
    expect(isActiveLink({ to: '/session', label: 'Practice' }, '/sessions')).toBe(false);
  });
});

describe('menu links', () => {
  it('a guest gets every header link, Teach and Settings, on home too', () => {
    expect(labels(menuLinks({ signedIn: false, path: '/' }))).toEqual([
      'Home',
      'Practice',
      'Share',
      'Teach',
      'Settings',
      'Sign In',
    ]);
  });
  it('a signed-in creator reaches Patterns, Progress, Creator Hub and Profile from the menu, in the header order', () => {
    const ctx = { signedIn: true, role: 'creator', path: '/marketplace', level: 'evm' } as const;
    const menu = labels(menuLinks(ctx));
    expect(menu.filter((l) => l !== 'Settings')).toEqual(labels(headerLinks(ctx)));
    expect(menu).toEqual(
      expect.arrayContaining([
        'Marketplace',
        'Progress',
        'Community',
        'Teach',
        'Creator Hub',
        'Settings',
        'Profile',
      ]),
    );
  });
});

describe('bottom navigation', () => {
  it('is hidden on /session/*, /auth and /onboarding only', () => {
    expect(isBottomNavHidden('/session/classic')).toBe(true);
    expect(isBottomNavHidden('/session')).toBe(false);
    expect(isBottomNavHidden('/auth')).toBe(true);
    expect(isBottomNavHidden('/onboarding')).toBe(true);
    expect(isBottomNavHidden('/patterns')).toBe(false);
  });
  it('variant A has five tabs', () => {
    expect(labels(bottomTabsA())).toEqual([
      'Practice',
      'Marketplace',
      'Create',
      'Community',
      'Profile',
    ]);
  });
  it('variant B routes by sign-in and history', () => {
    const guestNoHistory = bottomTabsB({ signedIn: false, hasHistory: false });
    expect(guestNoHistory[1]).toMatchObject({
      label: 'Share',
      to: '/',
      search: { prompt: 'share' },
    });
    expect(guestNoHistory[2]).toEqual({ to: '/progress', label: 'Progress' });
    expect(guestNoHistory[4]).toMatchObject({ to: '/auth' });
    const guestHistory = bottomTabsB({ signedIn: false, hasHistory: true });
    expect(guestHistory[1]).toMatchObject({ to: '/create-post', badge: 'New' });
    const member = bottomTabsB({ signedIn: true, hasHistory: true });
    expect(member[1]?.badge).toBeUndefined();
    expect(member[2]).toMatchObject({ to: '/progress' });
    expect(member[4]).toMatchObject({ to: '/profile' });
  });
  it('badge reads 9+ above nine', () => {
    expect(badgeCount(0)).toBeUndefined();
    expect(badgeCount(9)).toBe('9');
    expect(badgeCount(10)).toBe('9+');
  });
});

describe('layout', () => {
  it('auth and onboarding render outside the main layout', () => {
    expect(isOutsideMainLayout('/auth')).toBe(true);
    expect(isOutsideMainLayout('/onboarding')).toBe(true);
    expect(isOutsideMainLayout('/authors')).toBe(false);
    expect(isOutsideMainLayout('/')).toBe(false);
  });
});

/**
 * What the play button and home's 'Practice again' start (issue 49): a program's session
 * (stored as `program:<id>`) starts that program, not Box; a link's unsaved pattern or
 * program has no id to start again, so the next session back is used. Does not prove the
 * screens use these (e2e/play-button.spec.ts does).
 */
describe('what the play button starts', () => {
  const s = (patternId: string, patternName = 'X', sessionType = 'classic' as const) => ({
    patternId,
    patternName,
    sessionType,
  });

  it('after a program: that program, not Box', () => {
    expect(lastPractisedTarget([s('program:rising-box', 'Rising Box')])).toEqual({
      kind: 'program',
      id: 'rising-box',
      name: 'Rising Box',
    });
  });

  it('after a pattern: that pattern, in the mode it was practised', () => {
    expect(lastPractisedTarget([s('478', '4-7-8', 'enhanced' as never)])).toEqual({
      kind: 'pattern',
      id: '478',
      name: '4-7-8',
      mode: 'enhanced',
    });
  });

  it('a link pattern or link program was not saved: the newest one that can be started again', () => {
    expect(
      lastPractisedTarget([s('link:abc'), s('program:link:def'), s('box', 'Box Breathing')]),
    ).toMatchObject({ kind: 'pattern', id: 'box' });
    expect(lastPractisedTarget([s('link:abc')])).toBeUndefined();
    expect(lastPractisedTarget(undefined)).toBeUndefined();
  });

  it('home and the library start their chosen pattern; other pages the last one practised', () => {
    const chosen = { kind: 'pattern' as const, id: 'box', name: 'Box' };
    const last = { kind: 'program' as const, id: 'p1', name: 'P' };
    expect(quickStartTarget('/', chosen, last)).toBe(chosen);
    expect(quickStartTarget('/patterns', chosen, last)).toBe(chosen);
    expect(quickStartTarget('/progress', chosen, last)).toBe(last);
    expect(quickStartTarget('/progress', chosen, undefined)).toBe(chosen);
    expect(quickStartTarget('/', undefined, last)).toBe(last);
  });
});
