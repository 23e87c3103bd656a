import { randomUUID } from 'node:crypto';
import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import type { Context } from 'hono';
import { z } from 'zod';
import { isPgError } from '../../db/types';
import { readJson } from '../../http';
import { confirmSignupMail } from '../../mail/templates';
import { addressLimited } from '../address-limit';
import { authError, badJson, zodMessage } from '../errors';
import { mailLink } from '../links';
import type { AuthDeps } from '../options';
import { issueSession, openSession } from '../session';
import {
  invalidEmail,
  metadataProblem,
  normaliseEmail,
  passwordProblem,
  USER_COLS,
  userJson,
} from '../users';
import type { UserRow } from '../users';

const signupBody = z.object({
  email: z.string({ error: 'email is required' }),
  password: z.string({ error: 'password is required' }),
  data: z.record(z.string(), z.unknown()).optional(),
});

/**
 * With confirmation required, every sign-up is answered no sooner than this after it
 * arrived: a new address costs database writes a registered one does not (on PostgreSQL each
 * commit waits for the disk), so the answer's timing must not tell them apart.
 */
export const CONFIRM_SIGNUP_FLOOR_MS = 400;

/** Waits until `floorMs` after `startedAt` (performance.now() time). */
const answerNoSoonerThan = (startedAt: number, floorMs: number) =>
  new Promise((r) => setTimeout(r, Math.max(0, startedAt + floorMs - performance.now())));

const alreadyRegistered = (c: Context) =>
  authError(c, 422, 'user_already_exists', 'User already registered');

/**
 * POST /signup. With confirmation off (the embedded default) the user is created confirmed
 * and gets a session at once. With it required, a confirmation link is mailed and the answer
 * is the user alone (no session); an address already registered gets the same answer after
 * the same password-hashing work, so sign-up does not tell who has an account by its answer
 * or its timing. A sign-up for an unconfirmed address replaces the earlier one: its metadata
 * and its link (the link carries the password it confirms, so only the request whose link was
 * followed sets the password: no pre-account takeover). When the sign-ups' passwords differ,
 * whoever made the later one may be a stranger racing the owner: no password is kept, and the
 * link confirms the address and opens the set-a-new-password step (verify.ts), so the person
 * who reads the mail chooses it.
 */
export async function signup(c: Context, deps: AuthDeps): Promise<Response> {
  const startedAt = performance.now();
  const res = await answer(c, deps);
  if (deps.confirmSignup && res.status === 200) await answerNoSoonerThan(startedAt, CONFIRM_SIGNUP_FLOOR_MS);
  return res;
}

async function answer(c: Context, deps: AuthDeps): Promise<Response> {
  const body = await readJson(c);
  if (!body.ok) return badJson(c, body.message);
  const parsed = signupBody.safeParse(body.value ?? {});
  if (!parsed.success) return authError(c, 400, 'validation_failed', zodMessage(parsed.error));
  const email = normaliseEmail(parsed.data.email);
  if (!email) return invalidEmail(c);
  const badPassword = await passwordProblem(c, parsed.data.password);
  if (badPassword) return badPassword;
  const meta = parsed.data.data ?? {};
  const badMeta = metadataProblem(c, meta);
  if (badMeta) return badMeta;
  const existing = await deps.db.query<UserRow>(
    `select ${USER_COLS} from auth.users where email = $1`,
    [email],
  );
  const known = existing.rows[0];
  if (known && !deps.confirmSignup) return alreadyRegistered(c);
  if (deps.confirmSignup) {
    const limited = await addressLimited(c, deps, email);
    if (limited) return limited;
  }
  // The same hashing work whether or not the address has an account (constant timing).
  const passwordHash = await argonHash(parsed.data.password);
  if (known) {
    // Confirmation required: answer as for a new address; only an unconfirmed one gets mail.
    if (known.email_confirmed_at !== null) {
      const shown = { ...known, id: randomUUID(), created_at: new Date(), updated_at: new Date() };
      return c.json({ ...userJson(shown), confirmation_sent_at: new Date().toISOString() }, 200);
    }
    // A sign-up with another password than the pending one competes for the address: the
    // server cannot tell the owner from a stranger, so no sign-up's password is kept; the link
    // (the only one valid from now on) confirms the address and asks for a new password.
    const samePassword = known.encrypted_password
      ? await argonVerify(known.encrypted_password, parsed.data.password).catch(() => false)
      : false;
    const kept = samePassword ? passwordHash : '';
    const replaced = await deps.db.query<UserRow>(
      `update auth.users set encrypted_password = $2, raw_user_meta_data = $3::jsonb, updated_at = now()
        where id = $1 and email_confirmed_at is null returning ${USER_COLS}`,
      [known.id, kept, JSON.stringify(meta)],
    );
    const user = replaced.rows[0] ?? known;
    if (replaced.rows[0]) await mailConfirmation(c, deps, user, samePassword ? passwordHash : null);
    return c.json({ ...userJson(user), confirmation_sent_at: new Date().toISOString() }, 200);
  }
  try {
    const result = await deps.db.transaction(async (tx) => {
      const ins = await tx.query<UserRow>(
        `insert into auth.users (id, email, encrypted_password, email_confirmed_at, last_sign_in_at, raw_user_meta_data)
         values ($1, $2, $3, case when $5 then null else now() end, case when $5 then null else now() end, $4::jsonb)
         returning ${USER_COLS}`,
        [randomUUID(), email, passwordHash, JSON.stringify(meta), deps.confirmSignup],
      );
      const user = ins.rows[0]!;
      if (deps.confirmSignup) return { user };
      return {
        session: await issueSession(c, deps, tx, user, await openSession(tx, user.id), 'password'),
      };
    });
    if ('session' in result) return c.json(result.session, 200);
    await mailConfirmation(c, deps, result.user, passwordHash);
    return c.json(
      { ...userJson(result.user), confirmation_sent_at: new Date().toISOString() },
      200,
    );
  } catch (e) {
    if (isPgError(e) && e.code === '23505') return alreadyRegistered(c);
    throw e;
  }
}

function mailConfirmation(
  c: Context,
  deps: AuthDeps,
  user: UserRow,
  passwordHash: string | null,
): Promise<void> {
  return mailLink(c, deps, user.id, 'signup', user.email, confirmSignupMail, passwordHash);
}
