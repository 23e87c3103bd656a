import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { callerOf, isAuthFailure } from '../auth/request-caller';
import type { RequestAuth } from '../auth/request-caller';
import { readJson } from '../http';

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

/** A verified bearer JWT whose role is one of `roles`, or the 401 answer. */
export async function bearer(
  c: Context,
  jwtSecret: string,
  roles: readonly string[],
): Promise<RequestAuth | Response> {
  const auth = await callerOf(c, jwtSecret).auth();
  if (isAuthFailure(auth)) return apiError(c, 401, 'unauthorized', auth.message);
  if (!roles.includes(auth.role)) {
    return apiError(c, 401, 'unauthorized', 'Sign in first: this needs a user access token');
  }
  return auth;
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
