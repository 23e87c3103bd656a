/**
 * The theme on the page: <html data-theme="light|dark"> from the person's choice (stored
 * per device), the system's preference and the hour (src/domain/nightTheme.ts has the
 * rule). A prerendered page's pre-paint script (src/domain/prePaintScript) decides the
 * same theme before its first paint; started once from main.tsx, this keeps it current:
 * re-checked when the system preference changes, when the evening band begins or ends,
 * and when the page becomes visible again.
 *
 * Per device, in localStorage rather than IndexedDB: it must be known synchronously
 * before the first paint, and a phone at night and a desktop by day may differ.
 * The session's dim mode and the reduce-motion choice are device settings kept here too.
 */
import {
  DEFAULT_THEME_CHOICE,
  isThemeChoice,
  isTrueBlack,
  msUntilBandChange,
  resolveTheme,
  THEME_CHOICE_KEY,
  THEME_COLORS,
  type Theme,
  type ThemeChoice,
} from '../domain/nightTheme';
import { changeSignal } from '../ui/changeSignal';

const CHOICE_KEY = THEME_CHOICE_KEY;
const DIM_KEY = 'pneuma.sessionDim';
const MOTION_KEY = 'pneuma.reduceMotion';
/** On <html> when the person chose true black (the dark theme on #000). */
const BLACK_ATTR = 'data-black';
/** On <html> when the person asked for less motion here, whatever the system says. */
const REDUCE_MOTION_ATTR = 'data-reduce-motion';

const changes = changeSignal();
const notify = changes.notify;

function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
function writeStored(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // storage unavailable (private mode): the choice lasts for this page only
  }
}

let choice: ThemeChoice = DEFAULT_THEME_CHOICE;
let dim = false;
let reduceMotion = false;
let applied: Theme | null = null;

const systemDarkQuery = () =>
  typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;

/** Writes the resolved theme to <html> (and the browser bar colour). */
function apply(): void {
  const theme = resolveTheme(choice, {
    systemDark: systemDarkQuery()?.matches ?? false,
    hour: new Date().getHours(),
  });
  if (theme === applied) return;
  applied = theme;
  document.documentElement.dataset.theme = theme;
  document.documentElement.toggleAttribute(BLACK_ATTR, isTrueBlack(choice));
  document
    .querySelectorAll('meta[name="theme-color"]')
    .forEach((m) => m.setAttribute('content', THEME_COLORS[theme]));
  notify();
}

let bandTimer: ReturnType<typeof setTimeout> | null = null;
function scheduleBandCheck(): void {
  if (bandTimer !== null) clearTimeout(bandTimer);
  // One second past the hour, so the new hour is read.
  bandTimer = setTimeout(
    () => {
      apply();
      scheduleBandCheck();
    },
    msUntilBandChange(new Date()) + 1000,
  );
}

let started = false;

/** Applies the stored choice and keeps it current. Safe to call more than once. */
export function startTheme(): void {
  if (started || typeof document === 'undefined') return;
  started = true;
  const stored = readStored(CHOICE_KEY);
  choice = isThemeChoice(stored) ? stored : DEFAULT_THEME_CHOICE;
  dim = readStored(DIM_KEY) === 'true';
  reduceMotion = readStored(MOTION_KEY) === 'true';
  document.documentElement.toggleAttribute(REDUCE_MOTION_ATTR, reduceMotion);
  apply();
  systemDarkQuery()?.addEventListener('change', apply);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') apply();
  });
  scheduleBandCheck();
}

export function getThemeChoice(): ThemeChoice {
  return choice;
}

export function setThemeChoice(next: ThemeChoice): void {
  choice = next;
  writeStored(CHOICE_KEY, next);
  applied = null; // re-apply and tell listeners even if the resolved theme stays the same
  apply();
}

/** The session's dim mode (a darker stage with a fainter guide). */
export function getSessionDim(): boolean {
  return dim;
}

export function setSessionDim(on: boolean): void {
  dim = on;
  writeStored(DIM_KEY, String(on));
  notify();
}

/** Less motion asked for on this device (on top of the system's prefers-reduced-motion). */
export function getReduceMotion(): boolean {
  return reduceMotion;
}

export function setReduceMotion(on: boolean): void {
  reduceMotion = on;
  writeStored(MOTION_KEY, String(on));
  if (typeof document !== 'undefined')
    document.documentElement.toggleAttribute(REDUCE_MOTION_ATTR, on);
  notify();
}

/** For useSyncExternalStore: called on any change of choice, theme, dim or motion. */
export const subscribeTheme = changes.subscribe;
