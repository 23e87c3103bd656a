import type { Queryable } from '../db/types';
import { SIWE_TTL_MS } from './siwe';

/**
 * Server-issued SIWE nonces in pneuma_private.siwe_nonces (no client role reaches that
 * schema): each is bound to one user, expires after SIWE_TTL_MS and is used at most once.
 */
export async function issueNonce(
  db: Queryable,
  userId: string,
  nonce: string,
  now: Date,
): Promise<void> {
  // A user's spent and expired nonces are dropped as new ones are issued.
  await db.query(
    'delete from pneuma_private.siwe_nonces where user_id = $1 and (used_at is not null or expires_at < $2)',
    [userId, now.toISOString()],
  );
  await db.query(
    'insert into pneuma_private.siwe_nonces (nonce, user_id, expires_at) values ($1, $2, $3)',
    [nonce, userId, new Date(now.getTime() + SIWE_TTL_MS).toISOString()],
  );
}

/**
 * Marks the nonce used when it belongs to `userId`, is unused and unexpired; true when it
 * did. One UPDATE, so two requests racing with the same nonce cannot both succeed.
 */
export async function consumeNonce(
  db: Queryable,
  userId: string,
  nonce: string,
  now: Date,
): Promise<boolean> {
  const r = await db.query(
    `update pneuma_private.siwe_nonces set used_at = $3
      where nonce = $1 and user_id = $2 and used_at is null and expires_at > $3
      returning nonce`,
    [nonce, userId, now.toISOString()],
  );
  return r.rows.length === 1;
}
