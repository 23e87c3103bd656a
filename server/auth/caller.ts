import type { Context } from 'hono';
import { authError } from './errors';
import { JwtError } from './jwt';
import { callerOf } from './request-caller';
import type { Claims } from './jwt';
import type { AuthDeps } from './options';
import { USER_COLS } from './users';
import type { UserRow } from './users';

export interface Caller {
  user: UserRow;
  claims: Claims;
}

/**
 * The signed-in caller of /user and /logout: a valid user JWT whose session is still
 * open and whose user still exists. Anything else is GoTrue's 401/403 answer.
 */
export async function caller(c: Context, deps: AuthDeps): Promise<Caller | Response> {
  const auth = c.req.header('authorization');
  const m = auth ? /^Bearer\s+(\S+)\s*$/i.exec(auth) : null;
  if (!m) return authError(c, 401, 'no_authorization', 'This endpoint requires a Bearer token');
  const verified = await callerOf(c, deps.secrets.jwtSecret).verify(m[1]!);
  let claims: Claims;
  if ('claims' in verified) claims = verified.claims;
  else {
    const expired = verified.error instanceof JwtError && verified.error.kind === 'expired';
    const reason = expired
      ? 'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired'
      : 'invalid JWT: unable to parse or verify signature';
    return authError(c, 403, 'bad_jwt', reason);
  }
  if (
    claims.role !== 'authenticated' ||
    typeof claims.sub !== 'string' ||
    typeof claims.session_id !== 'string'
  ) {
    return authError(c, 403, 'bad_jwt', 'invalid claim: missing sub claim');
  }
  const s = await deps.db.query<{ revoked: boolean }>(
    'select (revoked_at is not null) as revoked from auth.sessions where id = $1 and user_id = $2',
    [claims.session_id, claims.sub],
  );
  if (!s.rows[0] || s.rows[0].revoked) {
    return authError(
      c,
      403,
      'session_not_found',
      'Session from session_id claim in JWT does not exist',
    );
  }
  const u = await deps.db.query<UserRow>(`select ${USER_COLS} from auth.users where id = $1`, [
    claims.sub,
  ]);
  if (!u.rows[0]) {
    return authError(c, 403, 'user_not_found', 'User from sub claim in JWT does not exist');
  }
  return { user: u.rows[0], claims };
}
