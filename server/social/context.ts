import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { apiError, jsonBody, validationFailed } from '../api/respond';
import { authenticateRequest, isAuthFailure } from '../auth/request-auth';
import type { RequestAuth } from '../auth/request-auth';
import type { Db, Tx } from '../db/types';
import { RestError } from '../rest/errors';
import { STORAGE_QUOTA_API_ERROR, STORAGE_QUOTA_SQLSTATE } from '../../src/domain/storageQuota';
import { runAsApi } from '../rest/transaction';
import type { Secrets } from '../secrets';

export interface SocialDeps {
  db: Db;
  secrets: Secrets;
}

/** The signed-in caller of a community endpoint. */
export interface SocialCaller {
  auth: RequestAuth;
  userId: string;
  /** Runs `fn` in one transaction as the caller, so the row-level-security policies decide. */
  run<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
}

/** A user JWT (role authenticated), or the 401 answer: the community needs a signed-in user. */
export async function socialCaller(c: Context, deps: SocialDeps): Promise<SocialCaller | Response> {
  const auth = await authenticateRequest(c, deps.secrets.jwtSecret);
  if (isAuthFailure(auth)) return apiError(c, 401, 'unauthorized', `Not authenticated: ${auth.message}`);
  if (auth.role !== 'authenticated') {
    return apiError(c, 401, 'unauthorized', 'Not authenticated: sign in to use the community');
  }
  const userId = auth.claims.sub as string;
  return { auth, userId, run: (fn) => runAsApi(deps.db, auth, c.req.method, fn) };
}

/** The JSON body checked by `schema`, or the 4xx answer that says what is wrong. */
export async function parsedBody<S extends z.ZodType>(
  c: Context,
  schema: S,
): Promise<z.infer<S> | Response> {
  const b = await jsonBody(c);
  if (b instanceof Response) return b;
  const parsed = schema.safeParse(b.value);
  if (!parsed.success) return validationFailed(c, parsed.error);
  return parsed.data;
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

/** `fn` as the signed-in caller; a Postgres refusal becomes its 4xx answer. */
export async function asCaller(
  c: Context,
  deps: SocialDeps,
  fn: (caller: SocialCaller) => Promise<Response>,
): Promise<Response> {
  const caller = await socialCaller(c, deps);
  if (caller instanceof Response) return caller;
  try {
    return await fn(caller);
  } catch (e) {
    return dbRefusal(c, e);
  }
}
