import {
  PRACTISED_ATTR,
  PRACTISED_HINT_KEY,
  WELCOMED_ATTR,
  WELCOMED_HINT_KEY,
} from '../../domain/prePaintScript';

/**
 * Home's two pre-paint hints (src/domain/prePaintScript): kept in localStorage for the next
 * visit's first paint, and on <html> for this one, so the page's CSS and the app agree.
 * A hint only: home decides from the device's database once it has read it.
 */
function keep(key: string, attr: string, on: boolean): void {
  try {
    if (on) localStorage.setItem(key, '1');
    else localStorage.removeItem(key);
  } catch {
    // storage refused: the next first paint guesses a first visit, as the build does
  }
  if (typeof document !== 'undefined') document.documentElement.toggleAttribute(attr, on);
}

/** This visitor has a session on record here (home then paints its returning layout). */
export function keepPractisedHint(practised: boolean): void {
  keep(PRACTISED_HINT_KEY, PRACTISED_ATTR, practised);
}

/** The phone welcome was seen here, or is not for this device any more. */
export function keepWelcomedHint(welcomed: boolean): void {
  keep(WELCOMED_HINT_KEY, WELCOMED_ATTR, welcomed);
}
