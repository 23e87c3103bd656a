import type { Context } from 'hono';
import { z } from 'zod';
import { isPgError } from '../../db/types';
import { readJson } from '../../http';
import { authError, badJson, zodMessage } from '../errors';
import { safeRedirect } from '../links';
import { redeemLinkToken } from '../one-time-tokens';
import type { LinkKind } from '../one-time-tokens';
import type { AuthDeps } from '../options';
import { issueSession, openSession } from '../session';
import { normaliseEmail, USER_COLS } from '../users';
import type { UserRow } from '../users';

/** supabase-js's verify types and the link kind each one uses ('email' is GoTrue's newer name for signup). */
const KINDS: Record<string, { kind: LinkKind; amr: string }> = {
  signup: { kind: 'signup', amr: 'otp' },
  email: { kind: 'signup', amr: 'otp' },
  recovery: { kind: 'recovery', amr: 'recovery' },
  email_change: { kind: 'email_change', amr: 'otp' },
};

const verifyBody = z.object({
  type: z.string({ error: 'type is required' }),
  token_hash: z.string().optional(),
  token: z.string().optional(),
  email: z.string().optional(),
});

type Session = Awaited<ReturnType<typeof issueSession>>;
type Redeemed = { session: Session; type: string } | { error: 'invalid' | 'email_exists' };

/**
 * Uses a mailed link's token once: confirms the address (sign-up, and a reset link proves it
 * too), or moves the account to its new address (email change), and opens a session.
 */
async function redeem(
  c: Context,
  deps: AuthDeps,
  secret: string,
  type: string,
  email?: string,
): Promise<Redeemed> {
  const how = Object.hasOwn(KINDS, type) ? KINDS[type] : undefined;
  if (!how) return { error: 'invalid' };
  try {
    return await deps.db.transaction(async (tx) => {
      const used = await redeemLinkToken(tx, secret, [how.kind]);
      if (!used || (email !== undefined && normaliseEmail(email) !== used.email))
        return { error: 'invalid' as const };
      // Confirming a sign-up sets the password of the sign-up its link was mailed for. A reset
      // link confirms an unconfirmed address too, but then the password nobody proved is
      // dropped (whoever signed the address up is not its owner): the owner sets a new one.
      const sql =
        how.kind === 'email_change'
          ? `update auth.users set email = $2, email_confirmed_at = now(), last_sign_in_at = now(), updated_at = now() where id = $1 returning ${USER_COLS}`
          : `update auth.users set
               encrypted_password = case
                 when email_confirmed_at is not null then encrypted_password
                 when $3::text = 'signup' then coalesce($4::text, encrypted_password)
                 else '' end,
               email_confirmed_at = coalesce(email_confirmed_at, now()), last_sign_in_at = now()
              where id = $1 and email = $2 returning ${USER_COLS}`;
      const params =
        how.kind === 'email_change'
          ? [used.user_id, used.email]
          : [used.user_id, used.email, how.kind, used.password_hash];
      const u = await tx.query<UserRow>(sql, params);
      const user = u.rows[0];
      if (!user) return { error: 'invalid' as const };
      // A sign-up link that confirmed the address without a password (competing sign-ups:
      // signup.ts) lands like a reset link: the app asks for a new password.
      const unset = how.kind === 'signup' && !user.encrypted_password;
      return {
        session: await issueSession(
          c,
          deps,
          tx,
          user,
          await openSession(tx, user.id),
          unset ? 'recovery' : how.amr,
        ),
        type: unset ? 'recovery' : type,
      };
    });
  } catch (e) {
    if (isPgError(e) && e.code === '23505') return { error: 'email_exists' };
    throw e;
  }
}

/** POST /verify {type, token_hash} (supabase-js verifyOtp; `token` with `email` works the same): the session. */
export async function verifyPost(c: Context, deps: AuthDeps): Promise<Response> {
  const body = await readJson(c);
  if (!body.ok) return badJson(c, body.message);
  const parsed = verifyBody.safeParse(body.value ?? {});
  if (!parsed.success) return authError(c, 400, 'validation_failed', zodMessage(parsed.error));
  const secret = parsed.data.token_hash ?? parsed.data.token;
  if (!secret) return authError(c, 400, 'validation_failed', 'token_hash is required');
  const r = await redeem(
    c,
    deps,
    secret,
    parsed.data.type,
    parsed.data.token_hash ? undefined : parsed.data.email,
  );
  if ('session' in r) return c.json(r.session, 200);
  if (r.error === 'email_exists')
    return authError(
      c,
      422,
      'email_exists',
      'A user with this email address has already been registered',
    );
  return authError(c, 403, 'otp_expired', 'Token has expired or is invalid');
}

/**
 * GET /verify?token=&type=&redirect_to= (the link in the mail): redirects to redirect_to with
 * the session in the URL fragment, as GoTrue does (supabase-js reads it), or with
 * error=access_denied&error_code=otp_expired when the link is used, expired or unknown.
 */
export async function verifyGet(c: Context, deps: AuthDeps): Promise<Response> {
  const target = safeRedirect(c, deps, c.req.query('redirect_to'));
  const r = await redeem(c, deps, c.req.query('token') ?? '', c.req.query('type') ?? '');
  const fragment = new URLSearchParams();
  if ('session' in r) {
    const s = r.session;
    fragment.set('access_token', s.access_token);
    fragment.set('expires_at', String(s.expires_at));
    fragment.set('expires_in', String(s.expires_in));
    fragment.set('refresh_token', s.refresh_token);
    fragment.set('token_type', 'bearer');
    fragment.set('type', r.type);
  } else {
    fragment.set('error', 'access_denied');
    fragment.set('error_code', r.error === 'email_exists' ? 'email_exists' : 'otp_expired');
    fragment.set(
      'error_description',
      r.error === 'email_exists'
        ? 'The new email address is already registered'
        : 'Email link is invalid or has expired',
    );
  }
  const url = new URL(target);
  url.hash = fragment.toString();
  return c.redirect(url.href, 303);
}
