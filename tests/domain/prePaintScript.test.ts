// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { releasePatternHold } from '../../src/app/prerender/patternHold';
import {
  PATTERN_HOLD_ATTR,
  prePaintScript,
  SESSION_PATTERN_HINT_KEY,
  SIGNED_IN_HINT_KEY,
  PRACTISED_HINT_KEY,
  WELCOMED_HINT_KEY,
  WIND_DOWN_ATTR,
  WIND_DOWN_HINT_KEY,
} from '../../src/domain/prePaintScript';
import { rememberWindDown } from '../../src/data/windDownHint';
import { windDownOn } from '../../src/domain/windDown';
import {
  THEME_CHOICES,
  THEME_CHOICE_KEY,
  THEME_COLORS,
  resolveTheme,
} from '../../src/domain/nightTheme';

/** Runs the pre-paint script as a page's <head> would, at `url`, with `state` in its history entry. */
function runAt(url: string, state: unknown = null) {
  history.replaceState(state, '', url);
  new Function(prePaintScript())();
  const html = document.documentElement;
  return {
    hold: html.hasAttribute(PATTERN_HOLD_ATTR),
    signedIn: html.hasAttribute('data-signed-in'),
  };
}

afterEach(() => {
  localStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  for (const a of ['data-theme', 'data-black', 'data-practised', 'data-welcomed'])
    document.documentElement.removeAttribute(a);
  document.documentElement.removeAttribute(PATTERN_HOLD_ATTR);
  document.documentElement.removeAttribute('data-signed-in');
  document.documentElement.removeAttribute(WIND_DOWN_ATTR);
});

describe('the pre-paint script: wind-down (docs/product.md § Sleep and sound)', () => {
  const windDownAt = (url: string, state: unknown = null) => {
    document.documentElement.removeAttribute(WIND_DOWN_ATTR);
    runAt(url, state);
    return document.documentElement.hasAttribute(WIND_DOWN_ATTR);
  };

  const NOON = new Date(2026, 10, 29, 12, 0);
  const NIGHT = new Date(2026, 10, 29, 23, 0);

  it('marks a session page whose pattern has wind-down on: from the query, the history entry, the remembered pattern', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOON);
    localStorage.setItem(WIND_DOWN_HINT_KEY, JSON.stringify({ a: ['relaxation', 'custom-1'] }));
    expect(windDownAt('/session/classic?pattern=relaxation')).toBe(true);
    expect(windDownAt('/session/mobile?pattern=sleep')).toBe(false);
    expect(windDownAt('/session/classic', { pattern: { id: 'custom-1' } })).toBe(true);
    expect(windDownAt('/session/classic')).toBe(false); // the default pattern, box
    localStorage.setItem(SESSION_PATTERN_HINT_KEY, 'relaxation');
    expect(windDownAt('/session/classic')).toBe(true);
    // Only a session page.
    expect(windDownAt('/patterns?pattern=relaxation')).toBe(false);
    // A hint from before the evening default (a list of the ids on) marks nothing until the
    // app rewrites it.
    localStorage.setItem(WIND_DOWN_HINT_KEY, JSON.stringify(['relaxation']));
    expect(windDownAt('/session/classic?pattern=relaxation')).toBe(false);
  });

  it('marks each pattern as the app decides it (windDownOn), from the hint the app keeps', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const choices = { on: ['box'], off: ['sleep'] };
    rememberWindDown(choices, 'custom-evening');
    for (const time of [
      NIGHT,
      new Date(2026, 10, 29, 17, 0),
      new Date(2026, 10, 29, 5, 59),
      new Date(2026, 10, 29, 6, 0),
      NOON,
    ]) {
      vi.setSystemTime(time);
      for (const [id, evening] of [
        ['sleep', true], // switched off
        ['relaxation', true],
        ['mindfulness', true],
        ['custom-evening', true],
        ['custom-other', false],
        ['energy', false],
        ['box', false], // switched on
      ] as const)
        expect(windDownAt(`/session/mobile?pattern=${id}`), `${id} at ${time.toString()}`).toBe(
          windDownOn(choices, id, evening, time),
        );
    }
    // The checks above can fail: at night the defaults are on, by day off, the choices kept.
    vi.setSystemTime(NIGHT);
    expect(windDownAt('/session/mobile?pattern=relaxation')).toBe(true);
    expect(windDownAt('/session/mobile?pattern=sleep')).toBe(false);
    vi.setSystemTime(NOON);
    expect(windDownAt('/session/mobile?pattern=relaxation')).toBe(false);
    expect(windDownAt('/session/mobile')).toBe(true);
  });

  it('marks nothing without a hint (no session page opened here yet): the app decides then', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NIGHT);
    expect(windDownAt('/session/mobile?pattern=relaxation')).toBe(false);
  });

  it('marks nothing without the hint, or with a broken one (and the rest of the script still runs)', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOON);
    expect(windDownAt('/session/classic?pattern=relaxation')).toBe(false);
    localStorage.setItem(WIND_DOWN_HINT_KEY, '{not json');
    localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    expect(windDownAt('/session/classic?pattern=relaxation')).toBe(false);
    expect(document.documentElement.hasAttribute('data-signed-in')).toBe(true);
  });
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

  it('decides the theme before paint exactly as the app does: every choice, system preference and hour', () => {
    // The rule itself is resolveTheme's (tests/domain/nightTheme.test.ts); this proves the
    // script's table agrees with it everywhere. Not proven: a real browser's paint order
    // (e2e/first-visit.spec.ts looks at the first paint's colours).
    const meta = document.createElement('meta');
    meta.name = 'theme-color';
    document.head.append(meta);
    for (const choice of [...THEME_CHOICES, null, 'nonsense']) {
      for (const systemDark of [false, true]) {
        vi.stubGlobal('matchMedia', (q: string) => ({ matches: q.includes('dark') && systemDark }));
        for (let hour = 0; hour < 24; hour++) {
          vi.useFakeTimers({ now: new Date(2026, 10, 28, hour, 30) });
          localStorage.clear();
          if (choice) localStorage.setItem(THEME_CHOICE_KEY, choice);
          document.documentElement.removeAttribute('data-black');
          runAt('/');
          const known = THEME_CHOICES.find((c) => c === choice) ?? 'auto';
          const want = resolveTheme(known, { systemDark, hour });
          expect(
            document.documentElement.getAttribute('data-theme'),
            `${choice} ${systemDark} ${hour}`,
          ).toBe(want);
          expect(meta.getAttribute('content')).toBe(THEME_COLORS[want]);
          expect(document.documentElement.hasAttribute('data-black')).toBe(choice === 'black');
        }
      }
    }
    meta.remove();
  });

  it('paints an evening light-mode phone dark with nothing stored, and still sets a theme when storage is refused', () => {
    vi.stubGlobal('matchMedia', () => ({ matches: false }));
    vi.useFakeTimers({ now: new Date(2026, 10, 28, 19, 0) });
    runAt('/');
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    vi.useFakeTimers({ now: new Date(2026, 10, 28, 10, 0) });
    const own = Object.getOwnPropertyDescriptor(window, 'localStorage');
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    try {
      runAt('/');
      expect(document.documentElement.getAttribute('data-theme')).toBe('light');
    } finally {
      if (own) Object.defineProperty(window, 'localStorage', own);
      else delete (window as { localStorage?: Storage }).localStorage;
    }
  });

  it("marks home's returning visitor and a welcomed device", () => {
    runAt('/');
    expect(document.documentElement.hasAttribute('data-practised')).toBe(false);
    expect(document.documentElement.hasAttribute('data-welcomed')).toBe(false);
    localStorage.setItem(PRACTISED_HINT_KEY, '1');
    localStorage.setItem(WELCOMED_HINT_KEY, '1');
    runAt('/');
    expect(document.documentElement.hasAttribute('data-practised')).toBe(true);
    expect(document.documentElement.hasAttribute('data-welcomed')).toBe(true);
  });
});
