import { describe, expect, it } from 'vitest';
import { checkAuthForm, firstErrorField, placeProviderError, PASSWORD_RULES } from '../../src/domain/authForm';

/**
 * The sign-in/sign-up form's own checks and where a provider's error is shown. The messages
 * placed are the embedded server's (server/auth/password-policy.ts, handlers/signup.ts) and
 * Supabase Auth's error codes. Not proven here: the screen itself (e2e/accounts.spec.ts).
 */
describe('auth form', () => {
  const ok = { email: 'ada@example.test', password: 'correct horse 42', firstName: '' };

  it('states the password rules before anything is typed', () => {
    expect(PASSWORD_RULES).toMatch(/at least 8 characters/i);
  });

  it('finds empty, malformed and short fields; sign-in does not judge the password length', () => {
    expect(checkAuthForm('signIn', ok)).toEqual({});
    expect(checkAuthForm('signUp', ok)).toEqual({});
    expect(checkAuthForm('signIn', { ...ok, email: ' ', password: '' })).toEqual({
      email: 'Enter your email address.',
      password: 'Enter your password.',
    });
    expect(checkAuthForm('signUp', { ...ok, email: 'ada@example' }).email).toMatch(/email address/);
    expect(checkAuthForm('signUp', { ...ok, password: 'short' }).password).toBe('Use at least 8 characters.');
    expect(checkAuthForm('signIn', { ...ok, password: 'short' })).toEqual({});
    expect(checkAuthForm('signUp', { ...ok, firstName: 'x'.repeat(61) }).firstName).toMatch(/60/);
  });

  it('focuses the first field with a problem, in screen order', () => {
    expect(firstErrorField({ password: 'x', email: 'y' })).toBe('email');
    expect(firstErrorField({ password: 'x' })).toBe('password');
    expect(firstErrorField({ form: 'x' })).toBeUndefined();
  });

  it('places provider errors beside their field, and offers sign-in for a taken address', () => {
    expect(placeProviderError({ code: 'user_already_exists', message: 'User already registered' })).toEqual({
      errors: { email: 'An account already uses this address.' },
      accountExists: true,
    });
    expect(placeProviderError({ code: 'weak_password', message: 'Password should be at least 8 characters.' }).errors).toEqual({
      password: 'Password should be at least 8 characters.',
    });
    expect(placeProviderError({ code: 'invalid_credentials', message: 'Invalid login credentials' }).errors).toEqual({
      password: 'Invalid login credentials',
    });
    expect(placeProviderError({ message: 'Unable to reach the server. Check your connection.' }).errors).toEqual({
      form: 'Unable to reach the server. Check your connection.',
    });
  });
});
