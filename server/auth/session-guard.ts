import type { MiddlewareHandler } from 'hono';
import { bearerClaims } from './bearer';
import type { SessionCheck } from './revocation';

/**
 * Refuses a user access token whose sign-in session has ended (signed out, password changed,
 * account deleted) on /rest/v1 and /api, at once rather than when the token expires. Tokens
 * without a session_id claim (minted with the secret by an administrator) pass as before.
 */
export function sessionGuard(sessions: SessionCheck, jwtSecret: string): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return next();
    const claims = await bearerClaims(c, jwtSecret);
    if (!claims || typeof claims.session_id !== 'string') return next();
    if (await sessions.isOpen(claims.session_id, claims.sub!)) return next();
    const message = 'This sign-in session has ended: sign in again';
    if (c.req.path.startsWith('/rest/')) {
      c.header('WWW-Authenticate', `Bearer error="invalid_token", error_description="${message}"`);
      return c.json({ code: 'PGRST301', message, details: null, hint: null }, 401);
    }
    return c.json({ error: 'unauthorized', message }, 401);
  };
}
