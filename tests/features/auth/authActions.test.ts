// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';

const auth = {
  signInWithPassword: vi.fn(),
  signUp: vi.fn(),
};
vi.mock('../../../src/backend/supabaseClient', () => ({ getSupabase: async () => ({ auth }) }));
const adoptSession = vi.fn(async () => {});
vi.mock('../../../src/app/auth/authStore', () => ({ adoptSession, connectAuth: async () => {} }));

const { providerMessage, signInWithPassword, signUpWithPassword } =
  await import('../../../src/features/auth/authActions');

const session = { access_token: 'a', refresh_token: 'r', user: { id: 'u1', email: 'a@x.test' } };

beforeEach(() => {
  vi.clearAllMocks();
});

describe('sign in and sign up', () => {
  it('signs in with {email, password} and adopts the session', async () => {
    auth.signInWithPassword.mockResolvedValue({ data: { session }, error: null });
    expect(await signInWithPassword(' a@x.test ', 'pw')).toEqual({ kind: 'signedIn' });
    expect(auth.signInWithPassword).toHaveBeenCalledWith({ email: 'a@x.test', password: 'pw' });
    expect(adoptSession).toHaveBeenCalledWith(session);
  });
  it("returns the provider's message on failure", async () => {
    auth.signInWithPassword.mockResolvedValue({
      data: { session: null },
      error: { name: 'AuthApiError', message: 'Invalid login credentials', status: 400 },
    });
    expect(await signInWithPassword('a@x.test', 'bad')).toEqual({
      kind: 'error',
      message: 'Invalid login credentials',
    });
    expect(adoptSession).not.toHaveBeenCalled();
  });
  it('signs up with an email redirect to the site origin', async () => {
    auth.signUp.mockResolvedValue({ data: { session }, error: null });
    expect(await signUpWithPassword('a@x.test', 'pw')).toEqual({ kind: 'signedIn' });
    expect(auth.signUp).toHaveBeenCalledWith({
      email: 'a@x.test',
      password: 'pw',
      options: { emailRedirectTo: window.location.origin },
    });
  });
  it('a sign-up without a session means the backend asks for email confirmation', async () => {
    auth.signUp.mockResolvedValue({ data: { session: null, user: { id: 'u2' } }, error: null });
    expect(await signUpWithPassword('a@x.test', 'pw')).toEqual({ kind: 'confirmEmail' });
    expect(adoptSession).not.toHaveBeenCalled();
  });
  it('a thrown network failure reads as a connection problem, not a crash', async () => {
    auth.signUp.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await signUpWithPassword('a@x.test', 'pw')).toEqual({
      kind: 'error',
      message: 'Connection problem. Please check your internet and try again.',
    });
  });
});

describe('sign-in error messages', () => {
  it('shows the provider message as it is', () => {
    expect(
      providerMessage({ name: 'AuthApiError', message: 'Invalid login credentials', status: 400 }),
    ).toBe('Invalid login credentials');
    expect(
      providerMessage({
        name: 'AuthWeakPasswordError',
        message: 'Password should be at least 6 characters.',
        status: 422,
      }),
    ).toBe('Password should be at least 6 characters.');
  });
  it('says "connection problem" when the provider was never reached', () => {
    const offline = 'Connection problem. Please check your internet and try again.';
    expect(
      providerMessage({ name: 'AuthRetryableFetchError', message: 'Failed to fetch', status: 0 }),
    ).toBe(offline);
    expect(providerMessage({ message: 'TypeError: Failed to fetch' })).toBe(offline);
    expect(providerMessage(null)).toBe('Something went wrong. Please try again.');
  });
});
