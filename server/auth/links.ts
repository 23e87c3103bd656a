import type { Context } from 'hono';
import type { MailMessage } from '../mail/mailer';
import { issueLinkToken } from './one-time-tokens';
import type { LinkKind } from './one-time-tokens';
import { publicOrigin, requestOrigin } from '../http';
import type { AuthDeps } from './options';

/**
 * Where a mailed link may send the browser after /verify: the caller's redirect_to when it
 * is on the origin the request came to, the public origin or an alias, or an allowed one
 * (never an open redirect), else the root of the origin the request came to.
 */
export function safeRedirect(c: Context, deps: AuthDeps, wanted: string | undefined): string {
  const own = requestOrigin(c);
  if (wanted) {
    try {
      const u = new URL(wanted, own);
      if (
        (u.protocol === 'http:' || u.protocol === 'https:') &&
        (u.origin === own ||
          u.origin === publicOrigin(c) ||
          deps.redirectOrigins.includes(u.origin))
      ) {
        return u.href;
      }
    } catch {
      // not a URL: the site root
    }
  }
  return `${own}/`;
}

/**
 * The GoTrue-style link a mail carries, always on the public origin (never a name the
 * request made up): /auth/v1/verify?token=…&type=…&redirect_to=….
 */
export function verifyLink(
  c: Context,
  token: string,
  type: string,
  redirectTo: string,
): string {
  const u = new URL(`${publicOrigin(c)}/auth/v1/verify`);
  u.searchParams.set('token', token);
  u.searchParams.set('type', type);
  u.searchParams.set('redirect_to', redirectTo);
  return u.href;
}

/** Sends a mail without holding up the answer (so its timing tells nothing); failures are logged. */
export function sendInBackground(send: Promise<void>, what: string): void {
  send.catch((e: unknown) =>
    console.error(`Could not send the ${what} mail: ${e instanceof Error ? e.message : String(e)}`),
  );
}

/**
 * Starts `work` (making a link and mailing it) on the next turn of the event loop, once the
 * answer has been written, so its database writes show neither in the answer's timing nor in
 * its words; failures are logged.
 */
export function afterAnswer(work: () => Promise<void>, what: string): void {
  setImmediate(() => sendInBackground(work(), what));
}

/** A mail that carries a link: the words for a recipient, link and lifetime (mail/templates.ts). */
export type LinkMail = (to: string, link: string, lifetimeS: number) => MailMessage;

/**
 * Issues a single-use link token of `kind` for the user, builds its /verify link (back to the
 * request's safe redirect_to) and mails it to `to` in the background. A sign-up link may
 * carry the password hash its request set (one-time-tokens.ts).
 */
export async function mailLink(
  c: Context,
  deps: AuthDeps,
  userId: string,
  kind: LinkKind,
  to: string,
  mail: LinkMail,
  passwordHash: string | null = null,
): Promise<void> {
  const token = await issueLinkToken(deps.db, userId, kind, to, deps.otpExpirySeconds, passwordHash);
  const link = verifyLink(c, token, kind, safeRedirect(c, deps, c.req.query('redirect_to')));
  sendInBackground(deps.mailer.send(mail(to, link, deps.otpExpirySeconds)), kind);
}
