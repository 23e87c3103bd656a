import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { Queryable } from '../db/types';

/**
 * Single-use, expiring tokens for account mail (docs/product.md § Accounts and access):
 * links for sign-up confirmation, password reset and email change (32 random bytes), and
 * six-digit reauthentication codes. Only SHA-256 hashes are stored. A new token of a kind
 * replaces the user's unused one; using a token is one atomic UPDATE, so it works once even
 * when two instances see it at the same moment.
 */
export type LinkKind = 'signup' | 'recovery' | 'email_change';

/** Wrong codes before a reauthentication code is burnt. */
export const MAX_CODE_ATTEMPTS = 5;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const codeHash = (userId: string, code: string) => sha256(`reauthentication:${userId}:${code}`);

async function replace(
  tx: Queryable,
  userId: string,
  kind: string,
  hash: string,
  email: string,
  lifetimeS: number,
  passwordHash: string | null = null,
) {
  await tx.query(
    'delete from pneuma_private.one_time_tokens where user_id = $1 and kind = $2 and used_at is null',
    [userId, kind],
  );
  await tx.query(
    `insert into pneuma_private.one_time_tokens (token_hash, user_id, kind, email, expires_at, password_hash)
     values ($1, $2, $3, $4, now() + make_interval(secs => $5), $6)`,
    [hash, userId, kind, email, lifetimeS, passwordHash],
  );
}

/**
 * A new link token for the user; returns the secret to put in the link. A sign-up link
 * carries the password hash its sign-up request set: confirming sets that password.
 */
export async function issueLinkToken(
  tx: Queryable,
  userId: string,
  kind: LinkKind,
  email: string,
  lifetimeS: number,
  passwordHash: string | null = null,
): Promise<string> {
  const secret = randomBytes(32).toString('base64url');
  await replace(tx, userId, kind, sha256(secret), email, lifetimeS, passwordHash);
  return secret;
}

export interface UsedToken {
  user_id: string;
  kind: LinkKind;
  email: string;
  /** The password a sign-up link sets when it confirms (null: keep the account's). */
  password_hash: string | null;
}

/** Uses a link token of one of `kinds`: the row it named, or null when it is unknown, used or expired. */
export async function redeemLinkToken(
  tx: Queryable,
  secret: string,
  kinds: readonly LinkKind[],
): Promise<UsedToken | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(secret)) return null;
  const r = await tx.query<UsedToken>(
    `update pneuma_private.one_time_tokens set used_at = now()
      where token_hash = $1 and kind = any($2::text[]) and used_at is null and expires_at > now()
      returning user_id, kind, email, password_hash`,
    [sha256(secret), kinds],
  );
  return r.rows[0] ?? null;
}

/** A new six-digit reauthentication code for the user. */
export async function issueCode(
  tx: Queryable,
  userId: string,
  email: string,
  lifetimeS: number,
): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await replace(tx, userId, 'reauthentication', codeHash(userId, code), email, lifetimeS);
  return code;
}

/**
 * Uses the user's current reauthentication code. A wrong code counts against it; after
 * MAX_CODE_ATTEMPTS wrong ones it is burnt and a new one must be requested.
 */
export async function redeemCode(tx: Queryable, userId: string, code: string): Promise<boolean> {
  const current = await tx.query<{ token_hash: string }>(
    `select token_hash from pneuma_private.one_time_tokens
      where user_id = $1 and kind = 'reauthentication' and used_at is null and expires_at > now()
      order by created_at desc limit 1 for update`,
    [userId],
  );
  const row = current.rows[0];
  if (!row) return false;
  if (/^\d{6}$/.test(code.trim()) && row.token_hash === codeHash(userId, code.trim())) {
    const used = await tx.query(
      'update pneuma_private.one_time_tokens set used_at = now() where token_hash = $1 and used_at is null',
      [row.token_hash],
    );
    return used.rowCount === 1;
  }
  await tx.query(
    `update pneuma_private.one_time_tokens set failed_attempts = failed_attempts + 1,
            used_at = case when failed_attempts + 1 >= $2 then now() else used_at end
      where token_hash = $1`,
    [row.token_hash, MAX_CODE_ATTEMPTS],
  );
  return false;
}

/** The user's pending email change (the new address), if a link for one is out. */
export async function pendingEmailChange(
  tx: Queryable,
  userId: string,
): Promise<{ email: string; sent_at: string } | null> {
  const r = await tx.query<{ email: string; sent_at: Date | string }>(
    `select email, created_at as sent_at from pneuma_private.one_time_tokens
      where user_id = $1 and kind = 'email_change' and used_at is null and expires_at > now()
      order by created_at desc limit 1`,
    [userId],
  );
  const row = r.rows[0];
  return row ? { email: row.email, sent_at: new Date(row.sent_at).toISOString() } : null;
}

/** Housekeeping: tokens used or expired more than a day ago. */
export async function pruneTokens(db: Queryable): Promise<void> {
  await db.query(
    `delete from pneuma_private.one_time_tokens where expires_at < now() - interval '1 day' or used_at < now() - interval '1 day'`,
  );
}
