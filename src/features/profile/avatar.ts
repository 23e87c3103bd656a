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

/** Reads an image file into a small square JPEG data URL for the avatar (kept in the account metadata). */
export async function avatarFromFile(file: File, size = 96): Promise<string> {
  if (!file.type.startsWith('image/'))
    throw new Error('Choose an image file (JPEG, PNG, WebP or GIF).');
  if (file.size > 10 * 1024 * 1024)
    throw new Error('That image is larger than 10 MB. Choose a smaller one.');
  const bitmap = await createImageBitmap(file).catch(() => {
    throw new Error('This image could not be read. Try another file.');
  });
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser cannot resize images.');
  const side = Math.min(bitmap.width, bitmap.height);
  ctx.drawImage(
    bitmap,
    (bitmap.width - side) / 2,
    (bitmap.height - side) / 2,
    side,
    side,
    0,
    0,
    size,
    size,
  );
  bitmap.close();
  const url = canvas.toDataURL('image/jpeg', 0.75);
  if (url.length > 12_000)
    throw new Error('That image is too detailed to store. Try a simpler picture.');
  return url;
}
