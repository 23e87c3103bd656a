import { DEFAULT_PATTERN_ID } from './patterns';

/**
 * A prerendered page is built long before anyone opens it, so what depends on this device
 * is unknown in its HTML. A tiny script in each page's <head> runs before the first paint
 * and reads two hints from localStorage onto <html>, for CSS to show the right part of the
 * built page until the app knows for sure:
 *
 * - `data-signed-in` (kept by src/app/auth/signedInHint): someone was signed in on this
 *   device, so a members' page waiting for the session shows its loading status, not the
 *   guest's note.
 * - `data-pattern-hold`, on a session page (`/session/<mode>`) only: the page is built with
 *   the pattern a first visit gets (nothing chosen yet: the default). The card stays
 *   hidden when this visit may resolve to another pattern: a query (`?pattern=`), a
 *   pattern in the history entry's state, or a remembered choice that is not the default
 *   (kept by src/data/sessionPatternHint). useSessionPattern releases the hold once it knows.
 *
 * The script is inline (a separate file would cost a round trip before the first paint);
 * the server's Content-Security-Policy allows exactly this text by its hash
 * (server/headers/security-headers.ts).
 */

/** localStorage: someone is signed in on this device (a hint only: no id, no token). */
export const SIGNED_IN_HINT_KEY = 'pneuma.signedIn';
/** On <html> when someone is (or, before the app starts, was last) signed in here. */
export const SIGNED_IN_ATTR = 'data-signed-in';

/** localStorage: the pattern a plain visit to a session page resolves to, when not the default. */
export const SESSION_PATTERN_HINT_KEY = 'pneuma.sessionPattern';
/** On <html> while a session page's prerendered pattern card must stay hidden. */
export const PATTERN_HOLD_ATTR = 'data-pattern-hold';

const q = JSON.stringify;

/** The script, run in the <head> of every prerendered page. */
export const PRE_PAINT_SCRIPT =
  `(function(){try{var d=document.documentElement,l=localStorage;` +
  `if(l.getItem(${q(SIGNED_IN_HINT_KEY)}))d.setAttribute(${q(SIGNED_IN_ATTR)},'');` +
  `if(!/^\\/session\\/[^/]+\\/?$/.test(location.pathname))return;` +
  `var h=l.getItem(${q(SESSION_PATTERN_HINT_KEY)}),s=history.state;` +
  `if(location.search||(h&&h!==${q(DEFAULT_PATTERN_ID)})||(s&&s.pattern))` +
  `d.setAttribute(${q(PATTERN_HOLD_ATTR)},'')}catch(e){}})()`;
