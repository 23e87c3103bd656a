import type { Context } from 'hono';
import { isApiRole, JwtError, requestToken, verifyJwt } from './jwt';
import type { ApiRole, Claims } from './jwt';

export interface RequestAuth {
  role: ApiRole;
  claims: Claims;
}
export interface AuthFailure {
  status: 401;
  code: 'PGRST301' | 'PGRST302' | 'PGRST303';
  message: string;
}

/**
 * What PostgREST behind Supabase's gateway checks: a key must be present (apikey header
 * or Authorization: Bearer), every JWT given must verify, and the role claim picks the
 * database role. Both headers are verified when both are sent.
 */
export async function authenticateRequest(
  c: Context,
  secret: string,
): Promise<RequestAuth | AuthFailure> {
  const authorization = c.req.header('authorization');
  const apikey = c.req.header('apikey');
  const { token, malformed } = requestToken(authorization, apikey);
  if (malformed)
    return {
      status: 401,
      code: 'PGRST301',
      message: 'Authorization header must be "Bearer <JWT>"',
    };
  if (!token) return { status: 401, code: 'PGRST302', message: 'No API key found in request' };
  const tokens =
    apikey && authorization && apikey.trim() !== token ? [apikey.trim(), token] : [token];
  let claims: Claims = {};
  for (const t of tokens) {
    try {
      claims = await verifyJwt(t, secret);
    } catch (e) {
      if (e instanceof JwtError && e.kind === 'expired')
        return { status: 401, code: 'PGRST303', message: 'JWT expired' };
      return { status: 401, code: 'PGRST301', message: 'JWT could not be verified' };
    }
  }
  // claims now hold the Authorization token's claims (it is checked last).
  if (!isApiRole(claims.role))
    return { status: 401, code: 'PGRST301', message: 'JWT role claim is missing or not allowed' };
  if (claims.role === 'authenticated' && typeof claims.sub !== 'string') {
    return { status: 401, code: 'PGRST301', message: 'JWT sub claim is missing' };
  }
  return { role: claims.role, claims };
}

export function isAuthFailure(a: RequestAuth | AuthFailure): a is AuthFailure {
  return 'status' in a;
}
