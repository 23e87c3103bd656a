import { SIGNED_IN_ATTR, SIGNED_IN_HINT_KEY } from '../../domain/prePaintScript';

/**
 * Keeps the signed-in hint (read before the first paint by ../../domain/prePaintScript)
 * and the matching attribute on <html> in step with the session authStore knows.
 */
export function rememberSignedIn(signedIn: boolean): void {
  if (typeof document !== 'undefined') document.documentElement.toggleAttribute(SIGNED_IN_ATTR, signedIn);
  try {
    if (signedIn) localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    else localStorage.removeItem(SIGNED_IN_HINT_KEY);
  } catch {
    // storage unavailable: the next visit's first paint guesses 'guest'
  }
}
