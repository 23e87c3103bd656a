/** Accepts https/http links and the small data-URL images this screen makes. */
export function avatarUrlError(raw: string): string | undefined {
  const v = raw.trim();
  if (!v) return undefined;
  if (v.startsWith('data:image/')) return undefined;
  try {
    const u = new URL(v);
    if (u.protocol === 'https:' || u.protocol === 'http:') return undefined;
  } catch {
    // fall through
  }
  return 'Enter a web address starting with https://, or choose an image file.';
}
