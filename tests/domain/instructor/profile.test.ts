import { describe, expect, it } from 'vitest';
import { profileErrors } from '../../../src/domain/instructor/profile';

const OK = {
  displayName: 'Ada Breath',
  bio: 'Breathing coach for ten years, calm and practical.',
  credentials: 'Certified breathwork facilitator.',
  specialities: ['Sleep'],
  photo: null,
};

describe('instructor profile rules', () => {
  it('accepts a complete profile, with or without a photo', () => {
    expect(profileErrors(OK)).toBeNull();
    expect(profileErrors({ ...OK, photo: 'data:image/webp;base64,UklGRg==' })).toBeNull();
  });

  it('names each wrong field once, with a clear message', () => {
    expect(profileErrors({ ...OK, displayName: ' ', bio: 'short', specialities: [] })).toEqual({
      displayName: 'Display name needs at least 2 characters',
      bio: 'Bio needs at least 20 characters',
      specialities: 'Choose at least one specialty',
    });
    expect(profileErrors({ ...OK, specialities: ['Sleep', 'sleep'] })).toEqual({ specialities: 'Each specialty only once' });
    expect(profileErrors({ ...OK, specialities: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] })).toEqual({ specialities: 'Choose at most 6 specialties' });
    expect(profileErrors({ ...OK, photo: 'https://example.test/me.jpg' })).toEqual({ photo: 'The photo must be a JPEG, WebP or PNG image' });
    expect(profileErrors({ ...OK, photo: `data:image/jpeg;base64,${'A'.repeat(150_001)}` })).toEqual({ photo: 'The photo is too large; choose another' });
  });

  it('checks only the fields of a step when asked', () => {
    expect(profileErrors({ ...OK, credentials: '' }, ['displayName', 'bio'])).toBeNull();
    expect(profileErrors({ ...OK, credentials: '' }, ['credentials'])).toEqual({
      credentials: 'Describe your credentials and experience in at least 10 characters',
    });
  });
});
