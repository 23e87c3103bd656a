import type { Context } from 'hono';
import type { z } from 'zod';
import { readJson } from '../http';
import { authError, badJson, zodMessage } from './errors';
import { invalidEmail, normaliseEmail } from './users';

/** A JSON body that matches `schema`, or GoTrue's 400 (bad_json, validation_failed). */
export async function parseBody<T>(c: Context, schema: z.ZodType<T>): Promise<T | Response> {
  const body = await readJson(c);
  if (!body.ok) return badJson(c, body.message);
  const parsed = schema.safeParse(body.value ?? {});
  if (!parsed.success) return authError(c, 400, 'validation_failed', zodMessage(parsed.error));
  return parsed.data;
}

/** parseBody for a body with an `email`, which must be a valid address (then normalised). */
export async function parseEmailBody<T extends { email: string }>(
  c: Context,
  schema: z.ZodType<T>,
): Promise<(T & { address: string }) | Response> {
  const data = await parseBody(c, schema);
  if (data instanceof Response) return data;
  const address = normaliseEmail(data.email);
  return address ? { ...data, address } : invalidEmail(c);
}
