/**
 * Where a post can go (docs/product.md § Sharing and community). Every platform is a
 * real share: the Pneuma community (the server), the device's share sheet (Web Share API)
 * or a platform's own share page (a share intent, opened in a new tab where the user
 * finishes posting). Nothing is reported as shared that was not.
 */

export type PlatformId = 'community' | 'device' | 'x' | 'facebook' | 'linkedin' | 'whatsapp' | 'telegram' | 'email';

interface Platform {
  id: PlatformId;
  label: string;
  kind: 'server' | 'sheet' | 'intent';
  /** False for platforms whose share page takes only a link: the text is copied for pasting. */
  takesText: boolean;
}

export const PLATFORMS: readonly Platform[] = Object.freeze([
  { id: 'community', label: 'Pneuma Community', kind: 'server', takesText: true },
  { id: 'device', label: 'Share sheet (this device)', kind: 'sheet', takesText: true },
  { id: 'x', label: 'X (Twitter)', kind: 'intent', takesText: true },
  { id: 'facebook', label: 'Facebook', kind: 'intent', takesText: false },
  { id: 'linkedin', label: 'LinkedIn', kind: 'intent', takesText: false },
  { id: 'whatsapp', label: 'WhatsApp', kind: 'intent', takesText: true },
  { id: 'telegram', label: 'Telegram', kind: 'intent', takesText: true },
  { id: 'email', label: 'Email', kind: 'intent', takesText: true },
]);

export function platformById(id: string): Platform | undefined {
  return PLATFORMS.find((p) => p.id === id);
}

/** The platforms this browser offers: the share sheet only where the Web Share API exists. */
export function availablePlatforms(hasWebShare: boolean): Platform[] {
  return PLATFORMS.filter((p) => p.kind !== 'sheet' || hasWebShare);
}

/** The mobile screen's two: the community, and the share sheet (X where there is none). */
export function mobilePlatforms(hasWebShare: boolean): Platform[] {
  return [platformById('community')!, platformById(hasWebShare ? 'device' : 'x')!];
}

const q = encodeURIComponent;

/** The share page of an intent platform, with the text and a link to the app. */
export function intentUrl(id: PlatformId, text: string, link: string): string | undefined {
  switch (id) {
    case 'x':
      return `https://twitter.com/intent/tweet?text=${q(text)}&url=${q(link)}`;
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${q(link)}`;
    case 'linkedin':
      return `https://www.linkedin.com/sharing/share-offsite/?url=${q(link)}`;
    case 'whatsapp':
      return `https://wa.me/?text=${q(`${text} ${link}`)}`;
    case 'telegram':
      return `https://t.me/share/url?url=${q(link)}&text=${q(text)}`;
    case 'email':
      return `mailto:?subject=${q('My breathing practice')}&body=${q(`${text}\n\n${link}`)}`;
    default:
      return undefined;
  }
}
