import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import type { Context } from 'hono';
import { z } from 'zod';
import { isPlainObject, readJson } from '../../http';
import { emailChangeMail, emailChangeNotice } from '../../mail/templates';
import { addressLimited } from '../address-limit';
import { authError, badJson, zodMessage } from '../errors';
import { mailLink, sendInBackground } from '../links';
import { pendingEmailChange } from '../one-time-tokens';
import type { AuthDeps } from '../options';
import { isFreshRecovery, reauthProblem } from '../reauth';
import { endSessions } from '../session';
import {
  invalidEmail,
  metadataProblem,
  normaliseEmail,
  passwordProblem,
  sessionUser,
  USER_COLS,
  userJson,
} from '../users';
import type { SessionUser, UserRow } from '../users';

const updateBody = z.object({
  email: z.string().optional(),
  password: z.string().optional(),
  current_password: z.string().optional(),
  data: z.record(z.string(), z.unknown()).optional(),
  nonce: z.string().optional(),
});

/** The user JSON with a pending email change (new_email, email_change_sent_at) when there is one. */
async function userWithPending(deps: AuthDeps, user: UserRow) {
  const pending = await pendingEmailChange(deps.db, user.id);
  return {
    ...userJson(user),
    new_email: pending?.email ?? null,
    email_change_sent_at: pending?.sent_at ?? null,
  };
}

/** GET /user: the signed-in user. */
export async function getUser(c: Context, deps: AuthDeps): Promise<Response> {
  const who = await sessionUser(c, deps);
  if (who instanceof Response) return who;
  return c.json(await userWithPending(deps, who.user));
}

/**
 * GoTrue's metadata update: keys merge into the metadata; a null value removes the key.
 * Returns a new object.
 */
export function mergeMetadata(
  current: Record<string, unknown>,
  changes: Record<string, unknown>,
): Record<string, unknown> {
  const meta = { ...current };
  for (const [k, v] of Object.entries(changes)) {
    if (v === null) delete meta[k];
    else meta[k] = v;
  }
  return meta;
}

/**
 * PUT /user: metadata changes freely; an email or password change needs the current password
 * or a reauthentication nonce (a session opened by a reset link may set a new password
 * without them for RECOVERY_WINDOW_SECONDS). A new password ends every other session of the
 * user; a new email is mailed a confirmation link and takes effect when it is opened.
 */
export async function updateUser(c: Context, deps: AuthDeps): Promise<Response> {
  const who = await sessionUser(c, deps);
  if (who instanceof Response) return who;
  const body = await readJson(c);
  if (!body.ok) return badJson(c, body.message);
  if (!isPlainObject(body.value))
    return authError(c, 400, 'validation_failed', 'The request body must be a JSON object');
  const parsed = updateBody.safeParse(body.value);
  if (!parsed.success) return authError(c, 400, 'validation_failed', zodMessage(parsed.error));
  const { email: rawEmail, password, data } = parsed.data;
  let email: string | undefined;
  if (rawEmail !== undefined) {
    const e = normaliseEmail(rawEmail);
    if (!e) return invalidEmail(c);
    if (e !== who.user.email) email = e;
  }
  if (password !== undefined) {
    const badPassword = await passwordProblem(c, password);
    if (badPassword) return badPassword;
  }
  const meta = data
    ? mergeMetadata(who.user.raw_user_meta_data, data)
    : who.user.raw_user_meta_data;
  const badMeta = data ? metadataProblem(c, meta) : null;
  if (badMeta) return badMeta;
  const recoveryOnly = email === undefined && isFreshRecovery(who);
  if ((email !== undefined || password !== undefined) && !recoveryOnly) {
    const denied = await reauthProblem(c, deps, who, parsed.data);
    if (denied) return denied;
  }
  if (email !== undefined) {
    const taken = await deps.db.query('select 1 from auth.users where email = $1', [email]);
    if (taken.rows.length)
      return authError(
        c,
        422,
        'email_exists',
        'A user with this email address has already been registered',
      );
    const limited = await addressLimited(c, deps, email, who.user.id);
    if (limited) return limited;
  }
  let newHash: string | undefined;
  if (password !== undefined) {
    if (await argonVerify(who.user.encrypted_password, password).catch(() => false)) {
      return authError(
        c,
        422,
        'same_password',
        'New password should be different from the old password.',
      );
    }
    newHash = await argonHash(password);
  }
  const user = await deps.db.transaction(async (tx) => {
    const r = await tx.query<UserRow>(
      `update auth.users set encrypted_password = coalesce($2, encrypted_password), raw_user_meta_data = $3::jsonb,
              updated_at = now()
        where id = $1 returning ${USER_COLS}`,
      [who.user.id, newHash ?? null, JSON.stringify(meta)],
    );
    if (newHash) await endSessions(tx, who.user.id, who.claims.session_id ?? null);
    return r.rows[0]!;
  });
  if (newHash) deps.sessions.forgetUser(who.user.id);
  if (email !== undefined) await mailEmailChange(c, deps, who, email);
  return c.json(await userWithPending(deps, user));
}

async function mailEmailChange(
  c: Context,
  deps: AuthDeps,
  who: SessionUser,
  newEmail: string,
): Promise<void> {
  await mailLink(c, deps, who.user.id, 'email_change', newEmail, emailChangeMail);
  sendInBackground(
    deps.mailer.send(emailChangeNotice(who.user.email, newEmail)),
    'email change notice',
  );
}
