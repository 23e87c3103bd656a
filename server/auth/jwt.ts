import { errors, jwtVerify, SignJWT } from 'jose';
import type { JWTPayload } from 'jose';

export type Claims = JWTPayload & {
  role?: string;
  email?: string;
  session_id?: string;
  user_metadata?: Record<string, unknown>;
  app_metadata?: Record<string, unknown>;
};

const enc = new TextEncoder();

export async function signJwt(
  claims: Claims,
  secret: string,
  expiresInSeconds: number,
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + expiresInSeconds)
    .sign(enc.encode(secret));
}

export class JwtError extends Error {
  constructor(
    readonly kind: 'expired' | 'invalid',
    message: string,
  ) {
    super(message);
  }
}

// Verified tokens, so a busy client does not pay for an HMAC check on every request.
// Only successes are cached, keyed by secret and token; expiry is re-checked on each hit.
const verified = new Map<string, Claims>();
const CACHE_MAX = 2000;

/** Verifies an HS256 JWT; throws JwtError('expired' | 'invalid'). */
export async function verifyJwt(token: string, secret: string): Promise<Claims> {
  const key = `${secret.length}:${secret}:${token}`;
  const hit = verified.get(key);
  if (hit) {
    if (typeof hit.exp === 'number' && hit.exp * 1000 <= Date.now()) {
      verified.delete(key);
      throw new JwtError('expired', 'JWT expired');
    }
    return hit;
  }
  const claims = await verifyUncached(token, secret);
  if (verified.size >= CACHE_MAX) verified.delete(verified.keys().next().value as string);
  verified.set(key, claims);
  return claims;
}

async function verifyUncached(token: string, secret: string): Promise<Claims> {
  try {
    const { payload } = await jwtVerify(token, enc.encode(secret), { algorithms: ['HS256'] });
    // A token made for another audience (a service sharing the secret) is not ours; tokens
    // minted without an audience (the API keys, an administrator's) are.
    const aud = payload.aud;
    if (aud !== undefined && !(Array.isArray(aud) ? aud : [aud]).includes('authenticated'))
      throw new JwtError('invalid', 'JWT audience is not "authenticated"');
    // Every token this server issues expires (the API keys after ten years), and a user's names
    // its sign-in session, which the session guard checks: one signed with the secret but
    // without them could never be revoked (issue 42, item 7).
    if (typeof payload.exp !== 'number') throw new JwtError('invalid', 'JWT has no expiry (exp)');
    if (
      payload.role === 'authenticated' &&
      (typeof payload.session_id !== 'string' ||
        payload.session_id === '' ||
        typeof payload.sub !== 'string')
    )
      throw new JwtError('invalid', 'JWT names no sign-in session (session_id)');
    return payload as Claims;
  } catch (e) {
    if (e instanceof JwtError) throw e;
    if (e instanceof errors.JWTExpired) throw new JwtError('expired', 'JWT expired');
    throw new JwtError('invalid', e instanceof Error ? e.message : 'invalid JWT');
  }
}

export const API_ROLES = ['anon', 'authenticated', 'service_role'] as const;
export type ApiRole = (typeof API_ROLES)[number];
export function isApiRole(r: unknown): r is ApiRole {
  return typeof r === 'string' && (API_ROLES as readonly string[]).includes(r);
}

/** The bearer token of a request: Authorization: Bearer X, else the apikey header. */
export function requestToken(
  authorization: string | undefined,
  apikey: string | undefined,
): { token?: string; malformed?: boolean } {
  if (authorization !== undefined) {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (!m) return { malformed: true };
    return { token: m[1] };
  }
  if (apikey) return { token: apikey.trim() };
  return {};
}
