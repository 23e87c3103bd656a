import { DEFAULT_PATTERN_ID } from './patterns';
import {
  DEFAULT_THEME_CHOICE,
  EVENING_HOURS,
  THEME_CHOICE_KEY,
  THEME_CHOICES,
  THEME_COLORS,
  isTrueBlack,
  resolveTheme,
} from './nightTheme';

/**
 * A prerendered page is built long before anyone opens it, so what depends on this device
 * is unknown in its HTML. A tiny script in each page's <head> runs before the first paint
 * and reads hints from localStorage onto <html>, for CSS to show the right part of the
 * built page until the app knows for sure:
 *
 * - `data-theme` (and `data-black`): the theme, decided from the stored choice, the
 *   system's preference and the hour by the same rule as the app (./nightTheme's
 *   resolveTheme, written into the script as a table), so an evening phone in light mode
 *   paints dark at once instead of when the app starts.
 * - `data-practised` (kept by home): this visitor has a session on record here, so home
 *   paints its returning layout (practice again, the streak, what next) from the start.
 * - `data-welcomed` (kept by home's welcome): the phone welcome was seen or is not for this
 *   device; without it a phone's first visit paints the welcome in its place in the page.
 *
 * - `data-signed-in` (kept by src/app/auth/signedInHint): someone was signed in on this
 *   device, so a members' page waiting for the session shows its loading status, not the
 *   guest's note.
 * - `data-pattern-hold`, on a session page (`/session/<mode>`) only: the page is built with
 *   the pattern a first visit gets (nothing chosen yet: the default). The card stays
 *   hidden when this visit may resolve to another pattern: a query (`?pattern=`), a
 *   pattern in the history entry's state, or a remembered choice that is not the default
 *   (kept by src/data/sessionPatternHint). useSessionPattern releases the hold once it knows.
 * - `data-wind-down`, on a session page only: the page's pattern (the query's `pattern`, the
 *   history entry's, the remembered one, else the default) has wind-down mode on by the app's
 *   rule (../domain/windDown's windDownOn), which src/data/windDownHint resolves into the hint
 *   `{ a, n }`: the patterns on at any hour (the person switched them on) and the ones on in
 *   the evening band (evening patterns the person did not switch off); so the page paints low
 *   red on black from the start (docs/product.md § Sleep and sound), and the browser bar is
 *   black. Without a hint (no session page opened on this device yet) nothing is marked and
 *   the app sets the theme once it has read the choice.
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

/** localStorage: this visitor has a session on record on this device (kept by home). */
export const PRACTISED_HINT_KEY = 'pneuma.practised';
/** On <html> when home should paint its returning visitor's layout. */
export const PRACTISED_ATTR = 'data-practised';

/** localStorage: the phone welcome was seen, or is not for this device (kept by home). */
export const WELCOMED_HINT_KEY = 'pneuma.welcomed';
/** On <html> when home's phone welcome must not paint. */
export const WELCOMED_ATTR = 'data-welcomed';

/** localStorage: the patterns with wind-down on, at any hour and in the evening (JSON; kept by src/data/windDownHint). */
export const WIND_DOWN_HINT_KEY = 'pneuma.windDown';
/** On <html> while a session page runs in wind-down mode (its low red theme). */
export const WIND_DOWN_ATTR = 'data-wind-down';

const q = JSON.stringify;

/**
 * The theme rule as a table, from resolveTheme itself: per choice, the theme for
 * [light system by day, light system in the evening, dark system by day, dark system in
 * the evening].
 */
function themeTable(): Record<string, string[]> {
  const day = [...Array(24).keys()].find((h) => !EVENING_HOURS.includes(h))!;
  const evening = EVENING_HOURS[0]!;
  return Object.fromEntries(
    THEME_CHOICES.map((c) => [
      c,
      [false, true].flatMap((systemDark) =>
        [day, evening].map((hour) => resolveTheme(c, { systemDark, hour })),
      ),
    ]),
  );
}

/** The theme part: always runs, even when storage is refused (then the default choice). */
const themePart = (): string =>
  `var c=null;try{c=localStorage.getItem(${q(THEME_CHOICE_KEY)})}catch(e){}` +
  `var T=${q(themeTable())};if(!T.hasOwnProperty(c))c=${q(DEFAULT_THEME_CHOICE)};` +
  `var m=0;try{m=matchMedia('(prefers-color-scheme: dark)').matches?2:0}catch(e){}` +
  `e=${q(EVENING_HOURS)}.indexOf(new Date().getHours())<0?0:1;var t=T[c][m+e],C=${q(THEME_COLORS)};` +
  `d.setAttribute('data-theme',t);if(${q(THEME_CHOICES.filter(isTrueBlack))}.indexOf(c)>=0)d.setAttribute('data-black','');` +
  `var M=document.querySelectorAll('meta[name="theme-color"]');for(var i=0;i<M.length;i++)M[i].setAttribute('content',C[t]);`;

/**
 * The script, run in the <head> of every prerendered page. A function, so the app's own
 * bundle, which imports only the hint names above, neither carries nor builds it.
 */
export const prePaintScript = (): string =>
  `(function(){var d=document.documentElement,e;try{${themePart()}}catch(e){}try{var l=localStorage;` +
  `if(l.getItem(${q(SIGNED_IN_HINT_KEY)}))d.setAttribute(${q(SIGNED_IN_ATTR)},'');` +
  `if(l.getItem(${q(PRACTISED_HINT_KEY)}))d.setAttribute(${q(PRACTISED_ATTR)},'');` +
  `if(l.getItem(${q(WELCOMED_HINT_KEY)}))d.setAttribute(${q(WELCOMED_ATTR)},'');` +
  `if(!/^\\/session\\/[^/]+\\/?$/.test(location.pathname))return;` +
  `var h=l.getItem(${q(SESSION_PATTERN_HINT_KEY)}),s=history.state;` +
  `if(location.search||(h&&h!==${q(DEFAULT_PATTERN_ID)})||(s&&s.pattern))` +
  `d.setAttribute(${q(PATTERN_HOLD_ATTR)},'');` +
  // The pattern this page shows, as useSessionPattern resolves it.
  `var u=/[?&]pattern=([^&#]*)/.exec(location.search),` +
  `p=u?decodeURIComponent(u[1]):s&&s.pattern?(s.pattern.id||s.pattern):h||${q(DEFAULT_PATTERN_ID)};` +
  // Wind-down by windDownOn, resolved by the app into the hint: `a` on at any hour, `n` on in
  // the evening band (`e`: the theme part found the hour in it). A hint from before the
  // evening default (a list) marks nothing until the app rewrites it.
  `var w=JSON.parse(l.getItem(${q(WIND_DOWN_HINT_KEY)})||'{}');` +
  `if((w.a||[]).indexOf(p)>=0||e&&(w.n||[]).indexOf(p)>=0){d.setAttribute(${q(WIND_DOWN_ATTR)},'');` +
  `var B=document.querySelectorAll('meta[name="theme-color"]');for(var j=0;j<B.length;j++)B[j].setAttribute('content','#000000')}` +
  `}catch(e){}})()`;
