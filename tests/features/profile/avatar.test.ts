import { describe, expect, it } from 'vitest';
import { avatarUrlError } from '../../../src/features/profile/avatar';

describe('avatar addresses', () => {
  it('accepts web and data-image avatars, refuses anything else with a clear message', () => {
    expect(avatarUrlError('')).toBeUndefined();
    expect(avatarUrlError('https://example.test/me.png')).toBeUndefined();
    expect(avatarUrlError('data:image/jpeg;base64,AAAA')).toBeUndefined();
    expect(avatarUrlError('javascript:alert(1)')).toBe(
      'Enter a web address starting with https://, or choose an image file.',
    );
    expect(avatarUrlError('not a url')).toBe(
      'Enter a web address starting with https://, or choose an image file.',
    );
  });
});
