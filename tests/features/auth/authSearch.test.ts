import { describe, expect, it } from 'vitest';
import { validateAuthSearch } from '../../../src/features/auth/authSearch';

describe('auth search', () => {
  it('/auth keeps context=social|progress and a same-site redirect only', () => {
    expect(validateAuthSearch({ context: 'progress', redirect: '/progress' })).toEqual({
      context: 'progress',
      redirect: '/progress',
    });
    expect(validateAuthSearch({ context: 'social' })).toEqual({ context: 'social' });
    expect(validateAuthSearch({ context: 'admin', redirect: '//evil.example' })).toEqual({});
    expect(validateAuthSearch({ redirect: 'https://evil.example' })).toEqual({});
  });
});
