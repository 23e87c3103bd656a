import type { MiddlewareHandler } from 'hono';
import { callerOf } from './request-caller';

/**
 * Refuses a user access token whose sign-in session has ended (signed out, password changed,
 * account deleted) on /rest/v1 and /api, at once rather than when the token expires, in
 * whichever header it comes (Authorization or apikey: either authorises a request). Tokens
 * without a session_id claim (minted with the secret by an administrator) pass as before.
 * The check itself (once per request): ./request-caller.ts.
 */
export function sessionGuard(jwtSecret: string): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return next();
    if (await callerOf(c, jwtSecret).sessionsOpen()) return next();
    const message = 'This sign-in session has ended: sign in again';
    if (c.req.path.startsWith('/rest/')) {
      c.header('WWW-Authenticate', `Bearer error="invalid_token", error_description="${message}"`);
      return c.json({ code: 'PGRST301', message, details: null, hint: null }, 401);
    }
    return c.json({ error: 'unauthorized', message }, 401);
  };
}
