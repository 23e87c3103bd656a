import type { Context } from 'hono';
import { verifyJwt } from './jwt';
import type { Claims } from './jwt';

/**
 * The verified claims of a request's `Authorization: Bearer` user token, or null (no token,
 * not a user token, or one that does not verify: the handlers answer those themselves).
 */
export async function bearerClaims(c: Context, jwtSecret: string): Promise<Claims | null> {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '');
  if (!m) return null;
  try {
    const claims = await verifyJwt(m[1]!, jwtSecret);
    return claims.role === 'authenticated' && typeof claims.sub === 'string' ? claims : null;
  } catch {
    return null;
  }
}
