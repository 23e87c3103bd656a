/**
 * Base64url (RFC 4648 § 5, no padding) of UTF-8 text, strict both ways: a character outside
 * the alphabet, an impossible length (4n + 1) or bytes that are not UTF-8 are refused, never
 * guessed at. Pure; no atob/btoa (they work on Latin-1 strings, not UTF-8).
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const VALUE = new Map<string, number>([...ALPHABET].map((ch, i) => [ch, i]));

export function encodeBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const b0 = bytes[i]!;
    const b1 = bytes[i + 1];
    const b2 = bytes[i + 2];
    out += ALPHABET[b0 >> 2]!;
    out += ALPHABET[((b0 & 3) << 4) | ((b1 ?? 0) >> 4)]!;
    if (b1 !== undefined) out += ALPHABET[((b1 & 15) << 2) | ((b2 ?? 0) >> 6)]!;
    if (b2 !== undefined) out += ALPHABET[b2 & 63]!;
  }
  return out;
}

/** The UTF-8 text, or null when `code` is not strict base64url of UTF-8. */
export function decodeBase64Url(code: string): string | null {
  if (code.length % 4 === 1) return null;
  const bytes = new Uint8Array(Math.floor((code.length * 3) / 4));
  let n = 0;
  let acc = 0;
  let bits = 0;
  for (const ch of code) {
    const v = VALUE.get(ch);
    if (v === undefined) return null;
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[n++] = (acc >> bits) & 0xff;
    }
  }
  // Leftover bits must be zero (a canonical encoding), so one text has one link.
  if (bits > 0 && (acc & ((1 << bits) - 1)) !== 0) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, n));
  } catch {
    return null;
  }
}
