import { getConfig } from '../../backend/config';
import { getSupabase } from '../../backend/supabaseClient';
import { ERROR_CASES } from '../../domain/errors/messages';
import { providerMessage } from './authActions';

export type ResetOutcome = { kind: 'ok' } | { kind: 'error'; message: string };

function failed(e: unknown): ResetOutcome {
  if (e instanceof TypeError)
    return { kind: 'error', message: ERROR_CASES['network.error'].message };
  return {
    kind: 'error',
    message:
      e instanceof Error && e.message ? e.message : 'Something went wrong. Please try again.',
  };
}

/**
 * Asks the backend to mail a reset link (docs/product.md § Accounts and access). The link
 * comes back to /auth?mode=reset. The answer is the same whether or not the address has an
 * account.
 */
export async function requestPasswordReset(email: string): Promise<ResetOutcome> {
  try {
    const supabase = await getSupabase();
    const { error } = await supabase.auth.resetPasswordForEmail(email.trim(), {
      redirectTo: `${window.location.origin}/auth?mode=reset`,
    });
    return error ? { kind: 'error', message: providerMessage(error) } : { kind: 'ok' };
  } catch (e) {
    return failed(e);
  }
}

/**
 * Sets the new password with the session the reset link opened, then ends that session:
 * the user signs in with the new password. It runs on a client of its own that stores
 * nothing, so the app's signed-in state never holds the reset session.
 */
export async function setNewPassword(
  tokens: { accessToken: string; refreshToken: string },
  password: string,
): Promise<ResetOutcome> {
  try {
    const { createClient } = await import('@supabase/supabase-js');
    const { supabaseUrl, supabaseAnonKey } = getConfig();
    const recovery = createClient(supabaseUrl, supabaseAnonKey, {
      auth: {
        persistSession: false,
        autoRefreshToken: false,
        detectSessionInUrl: false,
        storageKey: 'pneuma-password-reset',
      },
    });
    const set = await recovery.auth.setSession({
      access_token: tokens.accessToken,
      refresh_token: tokens.refreshToken,
    });
    if (set.error) return { kind: 'error', message: providerMessage(set.error) };
    const { error } = await recovery.auth.updateUser({ password });
    if (error) return { kind: 'error', message: providerMessage(error) };
    await recovery.auth.signOut({ scope: 'local' });
    return { kind: 'ok' };
  } catch (e) {
    return failed(e);
  }
}
