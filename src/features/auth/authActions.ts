import type { AuthError, Session, SupabaseClient } from '@supabase/supabase-js';
import { getSupabase } from '../../backend/supabaseClient';
import { ERROR_CASES } from '../../domain/errors/messages';
import { adoptSession, connectAuth } from '../../app/auth/authStore';

/**
 * Sign in with password {email, password}; sign up {email, password, email
 * redirect pointing to the site origin, the first name as display_name}. Errors carry the
 * provider's message and code (placed beside their field by src/domain/authForm). A sign-up that returns no session means the backend asks the user to confirm
 * the address first.
 */
export type AuthOutcome =
  | { kind: 'signedIn' }
  | { kind: 'confirmEmail' }
  | { kind: 'error'; message: string; code?: string };

/**
 * The provider's message, except when the provider was never reached (offline, server
 * down): then the catalogue's connection message says what actually happened.
 */
export function providerMessage(
  error: { name?: string; message?: string; status?: number } | null | undefined,
): string {
  const unreachable =
    error?.name === 'AuthRetryableFetchError' ||
    error?.status === 0 ||
    /failed to fetch|networkerror|load failed|network request failed/i.test(error?.message ?? '');
  if (unreachable) return ERROR_CASES['network.error'].message;
  return error?.message || 'Something went wrong. Please try again.';
}

function message(error: unknown): string {
  if (error instanceof TypeError) return ERROR_CASES['network.error'].message;
  if (error instanceof Error && error.message) return error.message;
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string')
    return error.message;
  return 'Something went wrong. Please try again.';
}

/**
 * One provider call that may return a session: a returned session signs the user in; an error
 * carries the provider's message; no session and no error gives `noSession`.
 */
async function withProvider(
  call: (
    supabase: SupabaseClient,
  ) => Promise<{ data: { session: Session | null }; error: AuthError | null }>,
  noSession: AuthOutcome,
): Promise<AuthOutcome> {
  try {
    await connectAuth(false);
    const { data, error } = await call(await getSupabase());
    if (error) return { kind: 'error', message: providerMessage(error), code: error.code };
    if (!data.session) return noSession;
    await adoptSession(data.session);
    return { kind: 'signedIn' };
  } catch (e) {
    return { kind: 'error', message: message(e) };
  }
}

export function signInWithPassword(email: string, password: string): Promise<AuthOutcome> {
  return withProvider(
    (supabase) => supabase.auth.signInWithPassword({ email: email.trim(), password }),
    { kind: 'error', message: 'Sign-in did not return a session. Please try again.' },
  );
}

/** Sign up; a first name given becomes the account's display name (shown with what they share). */
export function signUpWithPassword(
  email: string,
  password: string,
  firstName = '',
): Promise<AuthOutcome> {
  const name = firstName.trim();
  return withProvider(
    (supabase) =>
      supabase.auth.signUp({
        email: email.trim(),
        password,
        options: {
          emailRedirectTo: window.location.origin,
          ...(name ? { data: { display_name: name } } : {}),
        },
      }),
    { kind: 'confirmEmail' },
  );
}
