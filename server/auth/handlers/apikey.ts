import type { Context, Next } from 'hono';
import { authError } from '../errors';
import { requestToken, verifyJwt } from '../jwt';
import type { AuthDeps } from '../options';

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
  try {
    await verifyJwt(key, deps.secrets.jwtSecret);
  } catch {
    return authError(c, 401, 'bad_jwt', 'Invalid API key');
  }
  return next();
}
