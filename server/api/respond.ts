import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { callerOf, type CallerNeed, type Who } from '../auth/request-caller';
import type { Db, Tx } from '../db/types';
import { readJson } from '../http';
import { RestError } from '../rest/errors';
import { runAsApi } from '../rest/transaction';
import type { Secrets } from '../secrets';
import { STORAGE_QUOTA_API_ERROR, STORAGE_QUOTA_SQLSTATE } from '../../src/domain/storageQuota';

/** The /api error body: `{ error, message, field? }`. */
export function apiError(
  c: Context,
  status: ContentfulStatusCode,
  error: string,
  message: string,
  field?: string,
): Response {
  return c.json({ error, message, ...(field !== undefined ? { field } : {}) }, status);
}

/** 400 naming the first field a schema rejected. */
export function validationFailed(c: Context, err: z.ZodError): Response {
  const issue = err.issues[0];
  const field = issue?.path.join('.') || '(body)';
  return apiError(
    c,
    400,
    'validation_failed',
    `${field}: ${issue?.message ?? 'invalid value'}`,
    field,
  );
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

const UUID = z.uuid();

/** The UUID in the path parameter `name`, or the 400 that says so ('The `what` id must be a UUID'). */
export function idParam(c: Context, name: string, what: string): string | Response {
  const id = UUID.safeParse(c.req.param(name));
  return id.success ? id.data : apiError(c, 400, 'validation_failed', `The ${what} id must be a UUID`, name);
}

/**
 * The caller of an /api endpoint: the request's caller (auth/request-caller.ts, resolved once
 * per request by the middleware) checked for what the endpoint needs (`who`), with `run` to act
 * as them under row-level security, or the 401 answer.
 */
export interface CallerDeps {
  db: Db;
  secrets: Secrets;
}

export interface ApiCaller extends Who {
  /** Runs `fn` in one transaction as the caller, so the row-level-security policies decide. */
  run<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
}

export interface SignedInCaller extends ApiCaller {
  userId: string;
}

/** What most endpoints without an area of their own need: a signed-in user, or anyone with a key. */
export const SIGNED_IN: CallerNeed = { guests: false, signIn: 'Sign in first: this needs a user access token', invalid: (why) => why };
export const ANYONE: CallerNeed = { ...SIGNED_IN, guests: true };

/** Who calls (the middleware's answer, checked for `need`), or the 401 answer. */
export async function apiWho(c: Context, jwtSecret: string, need: CallerNeed): Promise<Who | Response> {
  const who = await callerOf(c, jwtSecret).who(need);
  return 'refused' in who ? apiError(c, 401, 'unauthorized', who.refused) : who;
}

export function apiCaller(c: Context, deps: CallerDeps, need: CallerNeed & { guests: false }): Promise<SignedInCaller | Response>;
export function apiCaller(c: Context, deps: CallerDeps, need: CallerNeed): Promise<ApiCaller | Response>;
export async function apiCaller(c: Context, deps: CallerDeps, need: CallerNeed): Promise<ApiCaller | Response> {
  const who = await apiWho(c, deps.secrets.jwtSecret, need);
  if (who instanceof Response) return who;
  return { ...who, run: (fn) => runAsApi(deps.db, who.auth, c.req.method, fn) };
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

/** A non-empty JSON body, or the 415/400 answer. */
export async function jsonBody(c: Context): Promise<{ value: unknown } | Response> {
  const ct = c.req.header('content-type');
  if (ct && !/^application\/json\b/i.test(ct)) {
    return apiError(c, 415, 'unsupported_media_type', 'Send the body as application/json');
  }
  const b = await readJson(c);
  if (!b.ok) return apiError(c, 400, 'invalid_json', `The body is not valid JSON: ${b.message}`);
  if (b.empty) return apiError(c, 400, 'validation_failed', 'The request body is empty', '(body)');
  return { value: b.value };
}
