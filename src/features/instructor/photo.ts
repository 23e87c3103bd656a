import { PROFILE_LIMITS } from '../../domain/instructor/profile';

/** Why a chosen file cannot be a profile photo (shown under the photo field). */
const PHOTO_ERRORS = {
  notImage: 'Choose an image file (JPEG, PNG or WebP)',
  unreadable: 'This image could not be read; choose another',
  tooLarge: 'The photo is too large even after resizing; choose another',
} as const;

/**
 * Resizes a photo on the device (nothing is uploaded before the form is sent): the
 * largest centred square, drawn at PROFILE_LIMITS.photoSide pixels, as a WebP data URL
 * (JPEG where the browser cannot encode WebP). Throws an Error with a PHOTO_ERRORS text.
 */
export async function resizePhoto(file: File): Promise<string> {
  if (!file.type.startsWith('image/')) throw new Error(PHOTO_ERRORS.notImage);
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new Error(PHOTO_ERRORS.unreadable);
  }
  const side = PROFILE_LIMITS.photoSide;
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error(PHOTO_ERRORS.unreadable);
  const crop = Math.min(bitmap.width, bitmap.height);
  const sx = (bitmap.width - crop) / 2;
  const sy = (bitmap.height - crop) / 2;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(bitmap, sx, sy, crop, crop, 0, 0, side, side);
  bitmap.close();
  let url = canvas.toDataURL('image/webp', 0.85);
  if (!url.startsWith('data:image/webp')) url = canvas.toDataURL('image/jpeg', 0.85);
  if (url.length > PROFILE_LIMITS.photoMaxChars) throw new Error(PHOTO_ERRORS.tooLarge);
  return url;
}
