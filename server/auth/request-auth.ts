import type { Context } from 'hono';
import { callerOf, isAuthFailure } from './request-caller';
import type { AuthFailure, RequestAuth } from './request-caller';

export { isAuthFailure };
export type { AuthFailure, RequestAuth };

/**
 * The request's PostgREST-style authentication (role and claims, or the 401 answer), as
 * resolved once for the request by ./request-caller.ts.
 */
export function authenticateRequest(c: Context, secret: string): Promise<RequestAuth | AuthFailure> {
  return callerOf(c, secret).auth();
}
