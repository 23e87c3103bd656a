// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { releasePatternHold } from '../../src/app/prerender/patternHold';
import {
  PATTERN_HOLD_ATTR,
  PRE_PAINT_SCRIPT,
  SESSION_PATTERN_HINT_KEY,
  SIGNED_IN_HINT_KEY,
} from '../../src/domain/prePaintScript';

/** Runs the pre-paint script as a page's <head> would, at `url`, with `state` in its history entry. */
function runAt(url: string, state: unknown = null) {
  history.replaceState(state, '', url);
  new Function(PRE_PAINT_SCRIPT)();
  const html = document.documentElement;
  return { hold: html.hasAttribute(PATTERN_HOLD_ATTR), signedIn: html.hasAttribute('data-signed-in') };
}

afterEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute(PATTERN_HOLD_ATTR);
  document.documentElement.removeAttribute('data-signed-in');
});

describe('the pre-paint script', () => {
  it('marks nothing on a first visit: the built page is what a first visit gets', () => {
    expect(runAt('/session/classic')).toEqual({ hold: false, signedIn: false });
    expect(runAt('/progress')).toEqual({ hold: false, signedIn: false });
  });

  it('marks a device someone is signed in on, on every page', () => {
    localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    expect(runAt('/progress').signedIn).toBe(true);
  });

  it('holds a session page whose visit may resolve to another pattern than the default', () => {
    localStorage.setItem(SESSION_PATTERN_HINT_KEY, 'sleep');
    expect(runAt('/session/classic').hold).toBe(true);
    releasePatternHold();
    expect(runAt('/session/mobile/').hold).toBe(true);
    releasePatternHold();
    // The hold is a session page's only: another page keeps its built content.
    expect(runAt('/patterns').hold).toBe(false);
    expect(runAt('/session').hold).toBe(false);
  });

  it('holds for a query or a pattern in the history entry, not for a remembered default', () => {
    localStorage.setItem(SESSION_PATTERN_HINT_KEY, 'box');
    expect(runAt('/session/classic').hold).toBe(false);
    expect(runAt('/session/classic?pattern=sleep').hold).toBe(true);
    releasePatternHold();
    expect(runAt('/session/enhanced', { pattern: { id: 'sleep' } }).hold).toBe(true);
  });

  it('never throws when storage is refused (the page then paints as built)', () => {
    localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    localStorage.setItem(SESSION_PATTERN_HINT_KEY, 'sleep');
    // As a browser that blocks site data: reading localStorage itself throws.
    const own = Object.getOwnPropertyDescriptor(window, 'localStorage');
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    try {
      expect(runAt('/session/classic')).toEqual({ hold: false, signedIn: false });
    } finally {
      if (own) Object.defineProperty(window, 'localStorage', own);
      else delete (window as { localStorage?: Storage }).localStorage;
    }
  });
});
