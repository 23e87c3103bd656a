/**
 * The text of a post (docs/product.md § Sharing and community): at most 280 characters,
 * never blank. Characters are Unicode code points, as the server and its database count
 * them, so an emoji counts once.
 */

export const POST_CHAR_LIMIT = 280;

export function postCharCount(text: string): number {
  return [...text].length;
}

/** The text as it is sent: line breaks normalised, trimmed. */
export function normalizePostText(text: string): string {
  return text.replace(/\r\n?/g, '\n').trim();
}

/** The 'N/280' counter. */
export function postCounter(text: string): string {
  return `${postCharCount(text)}/${POST_CHAR_LIMIT}`;
}
