import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';

/** GoTrue's error body: supabase-js reads error_code and msg. */
export function authError(
  c: Context,
  status: ContentfulStatusCode,
  errorCode: string,
  msg: string,
  extra: Record<string, unknown> = {},
): Response {
  return c.json({ code: status, error_code: errorCode, msg, ...extra }, status);
}

/** 429 with Retry-After, as GoTrue answers when a rate limit is reached. */
export function rateLimited(c: Context, seconds: number): Response {
  const res = authError(c, 429, 'over_request_rate_limit', 'Request rate limit reached');
  res.headers.set('Retry-After', String(seconds));
  return res;
}

export function badJson(c: Context, message: string): Response {
  return authError(c, 400, 'bad_json', `Could not parse request body as JSON: ${message}`);
}

/** The first schema issue as "path: message". */
export function zodMessage(err: z.ZodError): string {
  const issue = err.issues[0];
  if (!issue) return 'Invalid request body';
  const path = issue.path.join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}
