/**
 * The footer's social profile links (docs/product.md § Discovery): set at build time with
 * VITE_SOCIAL_LINKS as "Label|https://url,Label|https://url"; at most three, https only,
 * blank labels and anything else dropped. None are invented: unset, the footer has none.
 */
const MAX_SOCIAL_LINKS = 3;

export interface SocialLink {
  label: string;
  href: string;
}

export function parseSocialLinks(raw: string | undefined | null): SocialLink[] {
  if (!raw) return [];
  const links: SocialLink[] = [];
  for (const pair of raw.split(',')) {
    const parts = pair.split('|');
    if (parts.length !== 2) continue;
    const label = parts[0]!.trim();
    const href = parts[1]!.trim();
    if (!label) continue;
    try {
      const url = new URL(href);
      if (url.protocol !== 'https:' || url.username || url.password) continue;
    } catch {
      continue;
    }
    links.push({ label, href });
    if (links.length === MAX_SOCIAL_LINKS) break;
  }
  return links;
}
