import { describe, expect, it } from 'vitest';
import { normalizePostText, postCharCount, postCounter } from '../../../src/domain/share/postText';
import { shareBlockers } from '../../../src/domain/share/shareRules';

const ok = { signedIn: true, sharing: false, text: 'Calm today', platforms: ['community'] };

describe('the post text', () => {
  it('counts characters as code points (an emoji once) and shows N/280', () => {
    expect(postCharCount('🌬️ab')).toBe(4); // wind face + variation selector + a + b
    expect(postCounter('a'.repeat(12))).toBe('12/280');
    expect(shareBlockers({ ...ok, text: '🌬'.repeat(280) })).toEqual([]);
    expect(shareBlockers({ ...ok, text: '🌬'.repeat(281) })).toEqual(['tooLong']);
    expect(normalizePostText('  a\r\nb\r  ')).toBe('a\nb');
  });
});

describe('when Share may be pressed', () => {
  it('only signed in, not while sharing, with text of at most 280 and a platform', () => {
    expect(shareBlockers(ok)).toEqual([]);
    expect(shareBlockers({ ...ok, signedIn: false })).toEqual(['signedOut']);
    expect(shareBlockers({ ...ok, sharing: true })).toEqual(['sharing']);
    expect(shareBlockers({ ...ok, text: '  \n ' })).toEqual(['blank']);
    expect(shareBlockers({ ...ok, text: 'x'.repeat(281) })).toEqual(['tooLong']);
    expect(shareBlockers({ ...ok, text: ` ${'x'.repeat(280)} ` })).toEqual([]);
    expect(shareBlockers({ ...ok, platforms: [] })).toEqual(['noPlatform']);
    expect(shareBlockers({ signedIn: true, sharing: true, text: '', platforms: [] })).toEqual(['sharing', 'blank', 'noPlatform']);
  });
});
