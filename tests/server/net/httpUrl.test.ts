import { describe, expect, it } from 'vitest';
import { optionalHttpUrl } from '../../../server/net/httpUrl';

describe('optionalHttpUrl', () => {
  it('is undefined when unset or blank, the trimmed value for an http(s) URL', () => {
    expect(optionalHttpUrl(undefined, 'X_URL')).toBeUndefined();
    expect(optionalHttpUrl('  ', 'X_URL')).toBeUndefined();
    expect(optionalHttpUrl(' https://api.test/v1/ ', 'X_URL')).toBe('https://api.test/v1/');
    expect(optionalHttpUrl('http://127.0.0.1:9000', 'X_URL')).toBe('http://127.0.0.1:9000');
  });

  it('refuses anything else, naming the variable', () => {
    expect(() => optionalHttpUrl('api.test', 'X_URL')).toThrow('X_URL: "api.test" is not a URL');
    expect(() => optionalHttpUrl('ftp://api.test', 'X_URL')).toThrow(
      'X_URL: "ftp://api.test" is not an http(s) URL',
    );
  });
});
