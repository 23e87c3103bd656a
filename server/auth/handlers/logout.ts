import type { Context } from 'hono';
import { authError } from '../errors';
import type { AuthDeps } from '../options';
import { revokeEndedRefreshTokens } from '../session';
import { sessionUser } from '../users';

const END_SESSIONS: Record<string, string> = {
  local: 'update auth.sessions set revoked_at = now() where user_id = $1 and id = $2',
  global: 'update auth.sessions set revoked_at = now() where user_id = $1 and revoked_at is null',
  others:
    'update auth.sessions set revoked_at = now() where user_id = $1 and id <> $2 and revoked_at is null',
};

/**
 * POST /logout?scope=global|local|others: ends this session, every session of the user
 * (the default) or every other one, and revokes their refresh tokens. Their access tokens
 * are refused from then on (SessionCheck). A 401/403 from
 * here reads as "already signed out" to supabase-js.
 */
export async function logout(c: Context, deps: AuthDeps): Promise<Response> {
  const who = await sessionUser(c, deps);
  if (who instanceof Response) return who;
  const scope = c.req.query('scope') ?? 'global';
  const sql = Object.hasOwn(END_SESSIONS, scope) ? END_SESSIONS[scope] : undefined;
  if (!sql)
    return authError(c, 400, 'validation_failed', 'scope must be one of global, local, others');
  const params = scope === 'global' ? [who.user.id] : [who.user.id, who.claims.session_id!];
  await deps.db.query(sql, params);
  await revokeEndedRefreshTokens(deps.db, who.user.id);
  deps.sessions.forgetUser(who.user.id);
  return c.body(null, 204);
}
