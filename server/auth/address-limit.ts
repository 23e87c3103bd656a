import type { Context } from 'hono';
import { authError } from './errors';
import type { AuthDeps } from './options';

/**
 * Mails to one address are limited (docs/product.md § Backend): GoTrue's 429
 * over_email_send_rate_limit when the address had its share, else null.
 */
export async function addressLimited(
  c: Context,
  deps: AuthDeps,
  email: string,
): Promise<Response | null> {
  const wait = await deps.limits.hit('emailAddress', `email:${email}`);
  if (!wait) return null;
  const res = authError(
    c,
    429,
    'over_email_send_rate_limit',
    `For security purposes, you can only request this after ${wait} seconds.`,
  );
  res.headers.set('Retry-After', String(wait));
  return res;
}
