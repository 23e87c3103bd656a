import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type { Queryable } from '../db/types';
import { publicOrigin } from '../http';
import { rememberDevice } from './device';
import { signJwt } from './jwt';
import type { Claims } from './jwt';
import type { AuthDeps } from './options';
import { userJson } from './users';
import type { UserRow } from './users';

/** Refresh tokens are stored as SHA-256 hashes, never as they are. */
export const hashToken = (t: string) => createHash('sha256').update(t).digest('hex');

/** Opens a new auth session for the user (inside `tx`) and returns its id. */
export async function openSession(tx: Queryable, userId: string): Promise<string> {
  const sessionId = randomUUID();
  await tx.query('insert into auth.sessions (id, user_id) values ($1, $2)', [sessionId, userId]);
  return sessionId;
}

/**
 * GoTrue's session answer: a new refresh token for the session (stored hashed in `tx`)
 * and an access token with Supabase's claims (iss on the public origin). The browser is
 * remembered as a device of the account once its address is confirmed (device.ts).
 */
export async function issueSession(
  c: Context,
  deps: AuthDeps,
  tx: Queryable,
  user: UserRow,
  sessionId: string,
  amr: string,
) {
  const refresh = randomBytes(32).toString('base64url');
  await tx.query(
    'insert into auth.refresh_tokens (token_hash, session_id, user_id) values ($1, $2, $3)',
    [hashToken(refresh), sessionId, user.id],
  );
  const now = Math.floor(Date.now() / 1000);
  const claims: Claims = {
    iss: `${publicOrigin(c)}/auth/v1`,
    sub: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email,
    phone: '',
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    aal: 'aal1',
    amr: [{ method: amr, timestamp: now }],
    session_id: sessionId,
    is_anonymous: false,
  };
  const accessToken = await signJwt(claims, deps.secrets.jwtSecret, deps.jwtExpSeconds);
  if (user.email_confirmed_at !== null) rememberDevice(c, deps, user.id);
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: deps.jwtExpSeconds,
    expires_at: now + deps.jwtExpSeconds,
    refresh_token: refresh,
    user: userJson(user),
  };
}

/**
 * Ends every open session of the user except `keep` (none when null) and revokes their
 * refresh tokens: after a password change or reset (docs/product.md § Accounts and access).
 */
export async function endSessions(
  tx: Queryable,
  userId: string,
  keep: string | null,
): Promise<void> {
  await tx.query(
    'update auth.sessions set revoked_at = now() where user_id = $1 and revoked_at is null and ($2::uuid is null or id <> $2::uuid)',
    [userId, keep],
  );
  await revokeEndedRefreshTokens(tx, userId);
}

/** Revokes the refresh tokens of the user's ended sessions. */
export async function revokeEndedRefreshTokens(tx: Queryable, userId: string): Promise<void> {
  await tx.query(
    'update auth.refresh_tokens t set revoked = true, revoked_at = now() from auth.sessions s where s.id = t.session_id and s.user_id = $1 and s.revoked_at is not null and not t.revoked',
    [userId],
  );
}
