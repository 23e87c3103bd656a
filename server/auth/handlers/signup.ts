import { randomUUID } from 'node:crypto';
import { hash as argonHash } from '@node-rs/argon2';
import type { Context } from 'hono';
import { z } from 'zod';
import { isPgError } from '../../db/types';
import { clientIp, readJson } from '../../http';
import { authError, badJson, rateLimited, zodMessage } from '../errors';
import type { AuthDeps } from '../options';
import { issueSession, openSession } from '../session';
import {
  invalidEmail,
  metadataProblem,
  normaliseEmail,
  passwordProblem,
  USER_COLS,
} from '../users';
import type { UserRow } from '../users';

const signupBody = z.object({
  email: z.string({ error: 'email is required' }),
  password: z.string({ error: 'password is required' }),
  data: z.record(z.string(), z.unknown()).optional(),
});

const alreadyRegistered = (c: Context) =>
  authError(c, 422, 'user_already_exists', 'User already registered');

/**
 * POST /signup: creates the user and returns a session at once (email confirmation is
 * off here: there is no mail server).
 */
export async function signup(c: Context, deps: AuthDeps): Promise<Response> {
  const wait = deps.signupLimiter.hit(clientIp(c, deps.trustProxy));
  if (wait) return rateLimited(c, wait);
  const body = await readJson(c);
  if (!body.ok) return badJson(c, body.message);
  const parsed = signupBody.safeParse(body.value ?? {});
  if (!parsed.success) return authError(c, 400, 'validation_failed', zodMessage(parsed.error));
  const email = normaliseEmail(parsed.data.email);
  if (!email) return invalidEmail(c);
  const badPassword = passwordProblem(c, parsed.data.password);
  if (badPassword) return badPassword;
  const meta = parsed.data.data ?? {};
  const badMeta = metadataProblem(c, meta);
  if (badMeta) return badMeta;
  const existing = await deps.db.query('select 1 from auth.users where email = $1', [email]);
  if (existing.rows.length) return alreadyRegistered(c);
  const passwordHash = await argonHash(parsed.data.password);
  try {
    const session = await deps.db.transaction(async (tx) => {
      const ins = await tx.query<UserRow>(
        `insert into auth.users (id, email, encrypted_password, email_confirmed_at, last_sign_in_at, raw_user_meta_data)
         values ($1, $2, $3, now(), now(), $4::jsonb) returning ${USER_COLS}`,
        [randomUUID(), email, passwordHash, JSON.stringify(meta)],
      );
      const user = ins.rows[0]!;
      return issueSession(c, deps, tx, user, await openSession(tx, user.id), 'password');
    });
    return c.json(session, 200);
  } catch (e) {
    if (isPgError(e) && e.code === '23505') return alreadyRegistered(c);
    throw e;
  }
}
