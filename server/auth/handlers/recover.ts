import type { Context } from 'hono';
import { z } from 'zod';
import { readJson } from '../../http';
import {
  confirmSignupMail,
  emailChangeMail,
  reauthenticationMail,
  recoveryMail,
} from '../../mail/templates';
import { addressLimited } from '../address-limit';
import { caller } from '../caller';
import { authError, badJson, zodMessage } from '../errors';
import { safeRedirect, sendInBackground, verifyLink } from '../links';
import { issueCode, issueLinkToken } from '../one-time-tokens';
import type { AuthDeps } from '../options';
import { invalidEmail, normaliseEmail } from '../users';

const recoverBody = z.object({ email: z.string({ error: 'email is required' }) });
const resendBody = z.object({
  email: z.string({ error: 'email is required' }),
  type: z.enum(['signup', 'email_change']),
});

/**
 * POST /recover: mails a single-use password-reset link when the address has an account.
 * The answer is the same either way (and the mail leaves in the background), so it does not
 * tell who has an account.
 */
export async function recover(c: Context, deps: AuthDeps): Promise<Response> {
  const body = await readJson(c);
  if (!body.ok) return badJson(c, body.message);
  const parsed = recoverBody.safeParse(body.value ?? {});
  if (!parsed.success) return authError(c, 400, 'validation_failed', zodMessage(parsed.error));
  const email = normaliseEmail(parsed.data.email);
  if (!email) return invalidEmail(c);
  const limited = await addressLimited(c, deps, email);
  if (limited) return limited;
  const u = await deps.db.query<{ id: string }>('select id from auth.users where email = $1', [
    email,
  ]);
  const user = u.rows[0];
  if (user) {
    const token = await issueLinkToken(deps.db, user.id, 'recovery', email, deps.otpExpirySeconds);
    const link = verifyLink(
      c,
      deps,
      token,
      'recovery',
      safeRedirect(c, deps, c.req.query('redirect_to')),
    );
    sendInBackground(
      deps.mailer.send(recoveryMail(email, link, deps.otpExpirySeconds)),
      'password reset',
    );
  }
  return c.json({}, 200);
}

/**
 * POST /resend {type: signup | email_change, email}: a new confirmation link for an
 * unconfirmed sign-up, or for a pending email change to that address. Same answer either way.
 */
export async function resend(c: Context, deps: AuthDeps): Promise<Response> {
  const body = await readJson(c);
  if (!body.ok) return badJson(c, body.message);
  const parsed = resendBody.safeParse(body.value ?? {});
  if (!parsed.success) return authError(c, 400, 'validation_failed', zodMessage(parsed.error));
  const email = normaliseEmail(parsed.data.email);
  if (!email) return invalidEmail(c);
  const limited = await addressLimited(c, deps, email);
  if (limited) return limited;
  const redirect = safeRedirect(c, deps, c.req.query('redirect_to'));
  if (parsed.data.type === 'signup') {
    const u = await deps.db.query<{ id: string }>(
      'select id from auth.users where email = $1 and email_confirmed_at is null',
      [email],
    );
    const user = u.rows[0];
    if (user) {
      const token = await issueLinkToken(deps.db, user.id, 'signup', email, deps.otpExpirySeconds);
      sendInBackground(
        deps.mailer.send(
          confirmSignupMail(
            email,
            verifyLink(c, deps, token, 'signup', redirect),
            deps.otpExpirySeconds,
          ),
        ),
        'confirmation',
      );
    }
  } else {
    const p = await deps.db.query<{ user_id: string }>(
      `select user_id from pneuma_private.one_time_tokens
        where kind = 'email_change' and email = $1 and used_at is null and expires_at > now() order by created_at desc limit 1`,
      [email],
    );
    const pending = p.rows[0];
    if (pending) {
      const token = await issueLinkToken(
        deps.db,
        pending.user_id,
        'email_change',
        email,
        deps.otpExpirySeconds,
      );
      sendInBackground(
        deps.mailer.send(
          emailChangeMail(
            email,
            verifyLink(c, deps, token, 'email_change', redirect),
            deps.otpExpirySeconds,
          ),
        ),
        'email change',
      );
    }
  }
  return c.json({}, 200);
}

/** GET /reauthenticate: mails the signed-in user a six-digit code to pass as `nonce` to PUT /user. */
export async function reauthenticate(c: Context, deps: AuthDeps): Promise<Response> {
  const who = await caller(c, deps);
  if (who instanceof Response) return who;
  const limited = await addressLimited(c, deps, who.user.email);
  if (limited) return limited;
  const code = await issueCode(deps.db, who.user.id, who.user.email, deps.otpExpirySeconds);
  sendInBackground(
    deps.mailer.send(reauthenticationMail(who.user.email, code, deps.otpExpirySeconds)),
    'reauthentication',
  );
  return c.json({}, 200);
}
