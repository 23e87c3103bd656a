import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { callerOf, isAuthFailure, type RequestAuth } from '../auth/request-caller';
import type { Db, Tx } from '../db/types';
import { RestError } from '../rest/errors';
import { runAsApi } from '../rest/transaction';
import type { Secrets } from '../secrets';
import { STORAGE_QUOTA_API_ERROR, STORAGE_QUOTA_SQLSTATE } from '../../src/domain/storageQuota';
import { apiError } from './respond';

/**
 * The caller of an /api endpoint, the one way every area (community, marketplace, pattern
 * tokens, wallet, camera summaries) asks who is calling: the request's caller
 * (auth/request-caller.ts, resolved once per request) checked for what the endpoint needs,
 * with `run` to act as them under row-level security.
 */
export interface CallerDeps {
  db: Db;
  secrets: Secrets;
}

export interface ApiCaller {
  auth: RequestAuth;
  /** The signed-in user, or null for a guest (anon key). */
  userId: string | null;
  /** Runs `fn` in one transaction as the caller, so the row-level-security policies decide. */
  run<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
}

export interface SignedInCaller extends ApiCaller {
  userId: string;
}

/** What an endpoint needs of its caller, and the words of its 401 answers. */
export interface CallerNeed {
  /** A guest (the anon key) may call too; the service key never may. */
  guests: boolean;
  /** The 401 message when a signed-in user is needed and none calls. */
  signIn: string;
  /** The whole 401 message when the token is missing or invalid (default "Not authenticated: <why>"). */
  invalid?: (why: string) => string;
}

export async function apiCaller(c: Context, deps: CallerDeps, need: CallerNeed): Promise<ApiCaller | Response> {
  const auth = await callerOf(c, deps.secrets.jwtSecret).auth();
  if (isAuthFailure(auth))
    return apiError(c, 401, 'unauthorized', need.invalid?.(auth.message) ?? `Not authenticated: ${auth.message}`);
  if (need.guests && auth.role === 'service_role')
    return apiError(c, 401, 'unauthorized', 'Use a user access token or the anon key');
  const userId = auth.role === 'authenticated' && typeof auth.claims.sub === 'string' ? auth.claims.sub : null;
  if (!need.guests && !userId) return apiError(c, 401, 'unauthorized', need.signIn);
  return { auth, userId, run: (fn) => runAsApi(deps.db, auth, c.req.method, fn) };
}

/** A database refusal (constraint, policy) as an /api error with its message. */
export function dbRefusal(c: Context, e: unknown): Response {
  if (e instanceof RestError) {
    const status = (e.status >= 400 && e.status < 600 ? e.status : 500) as ContentfulStatusCode;
    if (e.code === STORAGE_QUOTA_SQLSTATE) return apiError(c, status, STORAGE_QUOTA_API_ERROR, e.message);
    return apiError(c, status, status === 403 ? 'forbidden' : 'rejected', e.message);
  }
  throw e;
}

/** `fn` as the caller the endpoint needs; a database refusal becomes its 4xx answer (`refusal`). */
export function asApiCaller(
  c: Context,
  deps: CallerDeps,
  need: CallerNeed & { guests: false },
  fn: (caller: SignedInCaller) => Promise<Response>,
  refusal?: (c: Context, e: unknown) => Response,
): Promise<Response>;
export function asApiCaller(
  c: Context,
  deps: CallerDeps,
  need: CallerNeed,
  fn: (caller: ApiCaller) => Promise<Response>,
  refusal?: (c: Context, e: unknown) => Response,
): Promise<Response>;
export async function asApiCaller(
  c: Context,
  deps: CallerDeps,
  need: CallerNeed,
  fn: (caller: SignedInCaller) => Promise<Response>,
  refusal: (c: Context, e: unknown) => Response = dbRefusal,
): Promise<Response> {
  const caller = await apiCaller(c, deps, need);
  if (caller instanceof Response) return caller;
  try {
    return await fn(caller as SignedInCaller);
  } catch (e) {
    return refusal(c, e);
  }
}
