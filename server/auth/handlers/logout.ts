import type { Context } from 'hono';
import { caller } from '../caller';
import { authError } from '../errors';
import type { AuthDeps } from '../options';

const END_SESSIONS: Record<string, string> = {
  local: 'update auth.sessions set revoked_at = now() where user_id = $1 and id = $2',
  global: 'update auth.sessions set revoked_at = now() where user_id = $1 and revoked_at is null',
  others:
    'update auth.sessions set revoked_at = now() where user_id = $1 and id <> $2 and revoked_at is null',
};

/**
 * POST /logout?scope=global|local|others: ends this session, every session of the user
 * (the default) or every other one, and revokes their refresh tokens. A 401/403 from
 * here reads as "already signed out" to supabase-js.
 */
export async function logout(c: Context, deps: AuthDeps): Promise<Response> {
  const who = await caller(c, deps);
  if (who instanceof Response) return who;
  const scope = c.req.query('scope') ?? 'global';
  const sql = Object.hasOwn(END_SESSIONS, scope) ? END_SESSIONS[scope] : undefined;
  if (!sql)
    return authError(c, 400, 'validation_failed', 'scope must be one of global, local, others');
  const params = scope === 'global' ? [who.user.id] : [who.user.id, who.claims.session_id!];
  await deps.db.query(sql, params);
  await deps.db.query(
    'update auth.refresh_tokens t set revoked = true, revoked_at = now() from auth.sessions s where s.id = t.session_id and s.user_id = $1 and s.revoked_at is not null and not t.revoked',
    [who.user.id],
  );
  return c.body(null, 204);
}
