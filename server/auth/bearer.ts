import type { Context } from 'hono';
import { verifyJwt } from './jwt';
import type { Claims } from './jwt';

/** The verified claims of `token` when it is a user token, else null. */
async function userClaims(token: string | undefined, jwtSecret: string): Promise<Claims | null> {
  if (!token) return null;
  try {
    const claims = await verifyJwt(token, jwtSecret);
    return claims.role === 'authenticated' && typeof claims.sub === 'string' ? claims : null;
  } catch {
    return null;
  }
}

const bearerToken = (c: Context) =>
  /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')?.[1];

/** Each request's answer, so the middlewares that ask (limits, session guard) verify its token once. */
const verified = new WeakMap<Request, { secret: string; claims: Promise<Claims | null> }>();

/**
 * The verified claims of a request's `Authorization: Bearer` user token, or null (no token,
 * not a user token, or one that does not verify: the handlers answer those themselves).
 * Verified once per request, however many middlewares ask.
 */
export function bearerClaims(c: Context, jwtSecret: string): Promise<Claims | null> {
  const known = verified.get(c.req.raw);
  if (known && known.secret === jwtSecret) return known.claims;
  const claims = userClaims(bearerToken(c), jwtSecret);
  verified.set(c.req.raw, { secret: jwtSecret, claims });
  return claims;
}

/**
 * The verified claims of every user token the request carries: `Authorization: Bearer` and
 * the `apikey` header (either may authorise a /rest/v1 or /api request: auth/request-auth.ts).
 */
export async function everyUserClaims(c: Context, jwtSecret: string): Promise<Claims[]> {
  const apikey = c.req.header('apikey')?.trim();
  const bearer = bearerToken(c);
  const out: Claims[] = [];
  const fromBearer = await bearerClaims(c, jwtSecret);
  if (fromBearer) out.push(fromBearer);
  if (apikey && apikey !== bearer) {
    const claims = await userClaims(apikey, jwtSecret);
    if (claims) out.push(claims);
  }
  return out;
}
