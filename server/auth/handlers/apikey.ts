import type { Context, Next } from 'hono';
import { authError } from '../errors';
import { requestToken } from '../jwt';
import type { AuthDeps } from '../options';
import { callerOf } from '../request-caller';

/**
 * Every auth endpoint but /health and the mailed link (GET /verify, opened by a browser from
 * a mail) needs the project's key, as Supabase's gateway does.
 */
export async function requireApiKey(c: Context, next: Next, deps: AuthDeps) {
  if (c.req.path.endsWith('/health')) return next();
  if (c.req.method === 'GET' && /\/verify\/?$/.test(c.req.path)) return next();
  const { token, malformed } = requestToken(c.req.header('authorization'), c.req.header('apikey'));
  const key = c.req.header('apikey') ?? token;
  if (malformed || !key)
    return authError(c, 401, 'no_authorization', 'No API key found in request');
  // Verified by the request's caller, once: /user and /logout ask it for the same token again.
  const verified = await callerOf(c, deps.secrets.jwtSecret, deps.sessions).verify(key);
  if (!('claims' in verified)) return authError(c, 401, 'bad_jwt', 'Invalid API key');
  return next();
}
