import type { Context } from 'hono';
import { z } from 'zod';
import {
  confirmSignupMail,
  emailChangeMail,
  reauthenticationMail,
  recoveryMail,
} from '../../mail/templates';
import { addressLimited } from '../address-limit';
import { parseEmailBody } from '../body';
import { afterAnswer, mailLink, sendInBackground } from '../links';
import { issueCode } from '../one-time-tokens';
import type { AuthDeps } from '../options';
import { sessionUser } from '../users';

const recoverBody = z.object({ email: z.string({ error: 'email is required' }) });
const resendBody = z.object({
  email: z.string({ error: 'email is required' }),
  type: z.enum(['signup', 'email_change']),
});

/**
 * POST /recover: mails a single-use password-reset link when the address has an account.
 * The answer is the same either way, and as soon (the link is made and mailed in the
 * background), so neither its words nor its timing tell who has an account.
 */
export async function recover(c: Context, deps: AuthDeps): Promise<Response> {
  const body = await parseEmailBody(c, recoverBody);
  if (body instanceof Response) return body;
  const u = await deps.db.query<{ id: string }>('select id from auth.users where email = $1', [
    body.address,
  ]);
  const user = u.rows[0];
  const limited = await addressLimited(c, deps, body.address, user?.id ?? null);
  if (limited) return limited;
  // The link is made and mailed after the answer: its database writes would otherwise make
  // a registered address answer measurably later than an unknown one.
  if (user)
    afterAnswer(
      () => mailLink(c, deps, user.id, 'recovery', body.address, recoveryMail),
      'recovery',
    );
  return c.json({}, 200);
}

/**
 * POST /resend {type: signup | email_change, email}: a new confirmation link for an
 * unconfirmed sign-up, or for a pending email change to that address. Same answer either way.
 */
export async function resend(c: Context, deps: AuthDeps): Promise<Response> {
  const body = await parseEmailBody(c, resendBody);
  if (body instanceof Response) return body;
  const limited = await addressLimited(c, deps, body.address);
  if (limited) return limited;
  const sql =
    body.type === 'signup'
      ? 'select id as user_id from auth.users where email = $1 and email_confirmed_at is null'
      : `select user_id from pneuma_private.one_time_tokens
          where kind = 'email_change' and email = $1 and used_at is null and expires_at > now()
          order by created_at desc limit 1`;
  const found = (await deps.db.query<{ user_id: string }>(sql, [body.address])).rows[0];
  if (found) {
    const mail = body.type === 'signup' ? confirmSignupMail : emailChangeMail;
    afterAnswer(() => mailLink(c, deps, found.user_id, body.type, body.address, mail), body.type);
  }
  return c.json({}, 200);
}

/** GET /reauthenticate: mails the signed-in user a six-digit code to pass as `nonce` to PUT /user. */
export async function reauthenticate(c: Context, deps: AuthDeps): Promise<Response> {
  const who = await sessionUser(c, deps);
  if (who instanceof Response) return who;
  const limited = await addressLimited(c, deps, who.user.email, who.user.id);
  if (limited) return limited;
  const code = await issueCode(deps.db, who.user.id, who.user.email, deps.otpExpirySeconds);
  sendInBackground(
    deps.mailer.send(reauthenticationMail(who.user.email, code, deps.otpExpirySeconds)),
    'reauthentication',
  );
  return c.json({}, 200);
}
