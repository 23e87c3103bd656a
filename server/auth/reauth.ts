import { verify as argonVerify } from '@node-rs/argon2';
import type { Context } from 'hono';
import type { SessionUser } from './users';
import { authError } from './errors';
import { redeemCode } from './one-time-tokens';
import type { AuthDeps } from './options';

/** How long after a reset link was opened its session may set a new password without the old one. */
export const RECOVERY_WINDOW_SECONDS = 15 * 60;

/** Whether the caller's access token came from a password-reset link opened within the window. */
export function isFreshRecovery(who: SessionUser, now = Date.now()): boolean {
  const amr = Array.isArray(who.claims.amr)
    ? (who.claims.amr as { method?: unknown; timestamp?: unknown }[])
    : [];
  return amr.some(
    (a) =>
      a.method === 'recovery' &&
      typeof a.timestamp === 'number' &&
      now / 1000 - a.timestamp <= RECOVERY_WINDOW_SECONDS,
  );
}

/**
 * Proof that the account holder is at the keyboard before an email or password change
 * (docs/product.md § Accounts and access): the current password, or a reauthentication code
 * from GET /reauthenticate (supabase-js `reauthenticate()` then `updateUser({ ..., nonce })`).
 * Returns GoTrue's 400 when neither is given or the one given is wrong, else null.
 */
export async function reauthProblem(
  c: Context,
  deps: AuthDeps,
  who: SessionUser,
  proof: { current_password?: string; nonce?: string },
): Promise<Response | null> {
  if (proof.current_password !== undefined) {
    const ok = await argonVerify(
      who.user.encrypted_password,
      proof.current_password.slice(0, 1024),
    ).catch(() => false);
    return ok
      ? null
      : authError(c, 400, 'current_password_mismatch', 'Current password is incorrect');
  }
  if (proof.nonce !== undefined) {
    const ok = await redeemCode(deps.db, who.user.id, proof.nonce);
    return ok
      ? null
      : authError(c, 400, 'reauthentication_not_valid', 'Requires a valid reauthentication nonce');
  }
  return authError(
    c,
    400,
    'reauthentication_needed',
    'Changing the email or password requires the current password (current_password) or a reauthentication nonce',
  );
}
