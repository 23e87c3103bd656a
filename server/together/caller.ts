import type { Context } from 'hono';
import { apiError } from '../api/respond';
import { callerOf, isAuthFailure, type RequestAuth } from '../auth/request-caller';

/**
 * Who calls a Breathe-together endpoint, from the request's caller (auth/request-caller.ts,
 * resolved once per request). A guest holds the anon key; a member a user token; the
 * service role is refused.
 */
export interface TogetherCaller {
  auth: RequestAuth;
  /** The signed-in member's id, or null for a guest. */
  userId: string | null;
}

export async function togetherCaller(
  c: Context,
  jwtSecret: string,
  signedIn: boolean,
): Promise<TogetherCaller | Response> {
  const auth = await callerOf(c, jwtSecret).auth();
  if (isAuthFailure(auth))
    return apiError(c, 401, 'unauthorized', `Not authenticated: ${auth.message}`);
  if (auth.role === 'service_role')
    return apiError(c, 401, 'unauthorized', 'Use a user access token or the anon key');
  const userId = auth.role === 'authenticated' ? (auth.claims.sub as string) : null;
  if (signedIn && !userId)
    return apiError(c, 401, 'unauthorized', 'Not authenticated: sign in to start a shared session');
  return { auth, userId };
}
