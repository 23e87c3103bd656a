import type { Context } from 'hono';
import { accountClientKey } from './device';
import { authError } from './errors';
import type { AuthDeps } from './options';

/**
 * Mails to one address are limited (docs/product.md § Backend, § Security): GoTrue's 429
 * over_email_send_rate_limit when the address had its share, else null. The share is per
 * pair of address and client (its IP address, or the account's own device when `userId` is
 * known and the request comes from one), so nobody can use up the owner's reset mails.
 */
export async function addressLimited(
  c: Context,
  deps: AuthDeps,
  email: string,
  userId: string | null = null,
): Promise<Response | null> {
  const wait = await deps.limits.hit('emailAddress', accountClientKey(c, deps, email, userId));
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
