/**
 * Night practice (docs/product.md § Sessions), pure: which theme the app shows. The dark
 * theme is low in blue light (warm ambers on a warm near-black). 'auto' shows it when the
 * system asks for dark or in the evening time band (17:00 until 6:00, the same band the
 * goals call evening); 'system' follows the system only; 'light' and 'dark' are fixed;
 * 'black' is dark on pure black.
 */
import { goalTimeNow } from './timeBands';

export const THEME_CHOICES = ['auto', 'system', 'light', 'dark', 'black'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];
export type Theme = 'light' | 'dark';

export const THEME_CHOICE_LABELS: Record<ThemeChoice, string> = {
  auto: 'Automatic: dark in the evening and when the system is dark',
  system: 'Like my device',
  light: 'Light',
  dark: 'Dark (low blue light)',
  black: 'True black (for OLED screens)',
};

/** 'black' is the dark theme on a pure black background (an OLED screen's pixels off). */
export function isTrueBlack(choice: ThemeChoice): boolean {
  return choice === 'black';
}

export const DEFAULT_THEME_CHOICE: ThemeChoice = 'auto';

/** localStorage: the person's theme choice on this device (read before the first paint). */
export const THEME_CHOICE_KEY = 'pneuma.theme';

/** The browser bar's colour per theme (the page background). */
export const THEME_COLORS: Record<Theme, string> = { light: '#f4f8f7', dark: '#15110d' };

/** The local hours (0-23) of the evening band, for code that cannot import this rule (the pre-paint script). */
export const EVENING_HOURS: readonly number[] = Array.from({ length: 24 }, (_, h) => h).filter(
  isEveningHour,
);

export function isThemeChoice(v: unknown): v is ThemeChoice {
  return typeof v === 'string' && (THEME_CHOICES as readonly string[]).includes(v);
}

/** The evening band: from 17:00 until 6:00 (local hour 0-23). */
function isEveningHour(hour: number): boolean {
  return goalTimeNow(hour) === 'evening';
}

export function resolveTheme(
  choice: ThemeChoice,
  env: { systemDark: boolean; hour: number },
): Theme {
  switch (choice) {
    case 'light':
    case 'dark':
      return choice;
    case 'black':
      return 'dark';
    case 'system':
      return env.systemDark ? 'dark' : 'light';
    case 'auto':
      return env.systemDark || isEveningHour(env.hour) ? 'dark' : 'light';
  }
}

/**
 * Ms from `now` (local time) to the next start of a whole hour at which the evening band
 * begins or ends (17:00 or 6:00), for re-checking the theme exactly then.
 */
export function msUntilBandChange(now: Date): number {
  const next = new Date(now.getTime());
  next.setMinutes(0, 0, 0);
  for (let i = 0; i < 25; i++) {
    next.setHours(next.getHours() + 1);
    if (isEveningHour(next.getHours()) !== isEveningHour(now.getHours()))
      return next.getTime() - now.getTime();
  }
  return 60 * 60 * 1000;
}
