/**
 * When the share button may be pressed (docs/product.md § Sharing and community): not
 * while a share runs, not with blank text or text over the limit, not without a platform,
 * and only for a signed-in user.
 */
import { normalizePostText, postCharCount, POST_CHAR_LIMIT } from './postText';

export type ShareBlocker = 'signedOut' | 'sharing' | 'blank' | 'tooLong' | 'noPlatform';

interface ShareState {
  signedIn: boolean;
  sharing: boolean;
  text: string;
  platforms: readonly string[];
}

/** Why sharing is not possible now; empty when it is. */
export function shareBlockers(s: ShareState): ShareBlocker[] {
  const out: ShareBlocker[] = [];
  if (!s.signedIn) out.push('signedOut');
  if (s.sharing) out.push('sharing');
  const text = normalizePostText(s.text);
  if (text === '') out.push('blank');
  else if (postCharCount(text) > POST_CHAR_LIMIT) out.push('tooLong');
  if (s.platforms.length === 0) out.push('noPlatform');
  return out;
}
