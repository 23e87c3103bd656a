import type { Context } from 'hono';
import { verifyJwt } from './jwt';
import type { Claims } from './jwt';

/** Each request's answer, so the middlewares that ask (limits, session guard) verify its token once. */
const verified = new WeakMap<Request, { secret: string; claims: Promise<Claims | null> }>();

/**
 * The verified claims of a request's `Authorization: Bearer` user token, or null (no token,
 * not a user token, or one that does not verify: the handlers answer those themselves).
 */
export function bearerClaims(c: Context, jwtSecret: string): Promise<Claims | null> {
  const known = verified.get(c.req.raw);
  if (known && known.secret === jwtSecret) return known.claims;
  const claims = userClaims(c.req.header('authorization'), jwtSecret);
  verified.set(c.req.raw, { secret: jwtSecret, claims });
  return claims;
}

async function userClaims(header: string | undefined, jwtSecret: string): Promise<Claims | null> {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  if (!m) return null;
  try {
    const claims = await verifyJwt(m[1]!, jwtSecret);
    return claims.role === 'authenticated' && typeof claims.sub === 'string' ? claims : null;
  } catch {
    return null;
  }
}
