/**
 * Installing on an iPhone or iPad (issue #37). iOS has no install prompt: a person adds
 * the app with Share, then 'Add to Home Screen'. Every iOS browser is WebKit; the hint is
 * for Safari, where those menu names are the ones said.
 */

/** What the browser tells about itself, as far as the rule needs. */
export interface BrowserFacts {
  userAgent: string;
  /** navigator.maxTouchPoints: an iPad asks for the desktop site and says 'Macintosh'. */
  maxTouchPoints: number;
  /** navigator.standalone (iOS) or display-mode: standalone: opened from the home screen. */
  standalone: boolean;
}

/** Safari on an iPhone, iPod or iPad (not Chrome, Firefox, Edge or Opera on iOS, nor an in-app view). */
function isIosSafari({ userAgent, maxTouchPoints }: BrowserFacts): boolean {
  const ios =
    /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  if (!ios) return false;
  if (/CriOS|FxiOS|EdgiOS|OPiOS|OPT\/|GSA\/|YaBrowser|DuckDuckGo/.test(userAgent)) return false;
  return /Safari\//.test(userAgent) && /Version\//.test(userAgent);
}

/** Which install hint home may offer: Safari's own steps, the browser's install prompt, or none. */
export type InstallHintKind = 'ios-safari' | 'prompt';

/**
 * The install hint on home (docs/product.md § Installing): never together with the first
 * visit's welcome (`ready`: the welcome is done, or not for this visitor), never when
 * installed or once shown; Safari's 'tap Share' steps only in Safari on iOS, elsewhere only
 * where the browser offered to install (`beforeinstallprompt`, `promptAvailable`).
 */
export function installHintKind(
  facts: BrowserFacts,
  f: { ready: boolean; alreadyShown: boolean; promptAvailable: boolean },
): InstallHintKind | null {
  if (!f.ready || f.alreadyShown || facts.standalone) return null;
  if (isIosSafari(facts)) return 'ios-safari';
  return f.promptAvailable ? 'prompt' : null;
}
