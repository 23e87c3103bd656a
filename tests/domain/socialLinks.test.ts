/**
 * The footer's social links from VITE_SOCIAL_LINKS (issue #34 item 9). Does not prove the
 * build passes the variable through (Vite's import.meta.env), only how it is read.
 */
import { describe, expect, it } from 'vitest';
import { parseSocialLinks } from '../../src/domain/socialLinks';

describe('footer social links', () => {
  it('reads up to three https profiles in order', () => {
    expect(
      parseSocialLinks(
        'Mastodon|https://mastodon.social/@pneuma, Bluesky | https://bsky.app/profile/pneuma,GitHub|https://github.com/pneuma,Extra|https://example.org',
      ),
    ).toEqual([
      { label: 'Mastodon', href: 'https://mastodon.social/@pneuma' },
      { label: 'Bluesky', href: 'https://bsky.app/profile/pneuma' },
      { label: 'GitHub', href: 'https://github.com/pneuma' },
    ]);
  });
  it('drops anything that is not a labelled https link, and invents none', () => {
    expect(parseSocialLinks(undefined)).toEqual([]);
    expect(parseSocialLinks('')).toEqual([]);
    expect(
      parseSocialLinks('X|http://x.com,|https://a.org,Y|javascript:alert(1),Z|https://u:p@z.org,W|not a url,Only'),
    ).toEqual([]);
  });
});
