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

/**
 * The verified claims of a request's `Authorization: Bearer` user token, or null (no token,
 * not a user token, or one that does not verify: the handlers answer those themselves).
 */
export async function bearerClaims(c: Context, jwtSecret: string): Promise<Claims | null> {
  return userClaims(bearerToken(c), jwtSecret);
}

/**
 * The verified claims of every user token the request carries: `Authorization: Bearer` and
 * the `apikey` header (either may authorise a /rest/v1 or /api request: auth/request-auth.ts).
 */
export async function everyUserClaims(c: Context, jwtSecret: string): Promise<Claims[]> {
  const tokens = new Set([bearerToken(c), c.req.header('apikey')?.trim()]);
  const out: Claims[] = [];
  for (const t of tokens) {
    const claims = await userClaims(t, jwtSecret);
    if (claims) out.push(claims);
  }
  return out;
}
