import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import type { Context } from 'hono';
import { z } from 'zod';
import { isPgError } from '../../db/types';
import { isPlainObject, readJson } from '../../http';
import { caller } from '../caller';
import { authError, badJson, zodMessage } from '../errors';
import type { AuthDeps } from '../options';
import {
  invalidEmail,
  metadataProblem,
  normaliseEmail,
  passwordProblem,
  USER_COLS,
  userJson,
} from '../users';
import type { UserRow } from '../users';

const updateBody = z.object({
  email: z.string().optional(),
  password: z.string().optional(),
  data: z.record(z.string(), z.unknown()).optional(),
  nonce: z.string().optional(),
});

/** GET /user: the signed-in user. */
export async function getUser(c: Context, deps: AuthDeps): Promise<Response> {
  const who = await caller(c, deps);
  if (who instanceof Response) return who;
  return c.json(userJson(who.user));
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

/** PUT /user: change the email, the password (not to the same one) or the metadata. */
export async function updateUser(c: Context, deps: AuthDeps): Promise<Response> {
  const who = await caller(c, deps);
  if (who instanceof Response) return who;
  const body = await readJson(c);
  if (!body.ok) return badJson(c, body.message);
  if (!isPlainObject(body.value)) {
    return authError(c, 400, 'validation_failed', 'The request body must be a JSON object');
  }
  const parsed = updateBody.safeParse(body.value);
  if (!parsed.success) return authError(c, 400, 'validation_failed', zodMessage(parsed.error));
  const { email: rawEmail, password, data } = parsed.data;
  let email: string | undefined;
  if (rawEmail !== undefined) {
    const e = normaliseEmail(rawEmail);
    if (!e) return invalidEmail(c);
    email = e;
  }
  let newHash: string | undefined;
  if (password !== undefined) {
    const badPassword = passwordProblem(c, password);
    if (badPassword) return badPassword;
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
  const meta = data
    ? mergeMetadata(who.user.raw_user_meta_data, data)
    : who.user.raw_user_meta_data;
  const badMeta = data ? metadataProblem(c, meta) : null;
  if (badMeta) return badMeta;
  try {
    const r = await deps.db.query<UserRow>(
      `update auth.users set email = coalesce($2, email), encrypted_password = coalesce($3, encrypted_password),
              raw_user_meta_data = $4::jsonb, updated_at = now()
        where id = $1 returning ${USER_COLS}`,
      [who.user.id, email ?? null, newHash ?? null, JSON.stringify(meta)],
    );
    return c.json(userJson(r.rows[0]!));
  } catch (e) {
    if (isPgError(e) && e.code === '23505') {
      return authError(
        c,
        422,
        'email_exists',
        'A user with this email address has already been registered',
      );
    }
    throw e;
  }
}
