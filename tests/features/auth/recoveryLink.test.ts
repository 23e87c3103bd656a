import { describe, expect, it } from 'vitest';
import { readRecoveryLink } from '../../../src/features/auth/recoveryLink';
import { validateAuthSearch } from '../../../src/features/auth/authSearch';

describe('the reset link fragment', () => {
  it('gives the reset session of a recovery redirect', () => {
    expect(
      readRecoveryLink(
        '#access_token=a.b.c&expires_in=3600&refresh_token=r1&token_type=bearer&type=recovery',
      ),
    ).toEqual({
      kind: 'session',
      accessToken: 'a.b.c',
      refreshToken: 'r1',
    });
  });
  it('gives the error of a used or expired link', () => {
    expect(
      readRecoveryLink(
        '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
      ),
    ).toEqual({ kind: 'error', description: 'Email link is invalid or has expired' });
  });
  it('ignores anything else (no fragment, another type, missing token)', () => {
    expect(readRecoveryLink('')).toEqual({ kind: 'none' });
    expect(readRecoveryLink('#access_token=a&refresh_token=r&type=signup')).toEqual({
      kind: 'none',
    });
    expect(readRecoveryLink('#access_token=a&type=recovery')).toEqual({ kind: 'none' });
  });
  it('/auth keeps mode=forgot|reset and the password-changed notice, nothing else', () => {
    expect(validateAuthSearch({ mode: 'forgot' })).toEqual({ mode: 'forgot' });
    expect(validateAuthSearch({ mode: 'reset', notice: 'passwordChanged' })).toEqual({
      mode: 'reset',
      notice: 'passwordChanged',
    });
    expect(validateAuthSearch({ mode: 'admin', notice: 'x' })).toEqual({});
  });
});
