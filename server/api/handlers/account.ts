import type { Context } from 'hono';
import type { ApiOptions } from '../options';
import { apiError, bearer } from '../respond';

const NO_SESSION = '00000000-0000-0000-0000-000000000000';

/**
 * DELETE /api/account: deletes the caller's user and, by cascade, all their rows and sign-in
 * sessions, so every token of the account is refused from then on. The token's session must
 * still be open (a signed-out token cannot delete).
 */
export async function deleteAccount(c: Context, opts: ApiOptions): Promise<Response> {
  const { db, secrets } = opts;
  const auth = await bearer(c, secrets.jwtSecret, ['authenticated']);
  if (auth instanceof Response) return auth;
  const sid = auth.claims.session_id;
  const s = await db.query<{ ok: boolean }>(
    'select true as ok from auth.sessions where id = $1::uuid and user_id = $2::uuid and revoked_at is null',
    [typeof sid === 'string' && /^[0-9a-f-]{36}$/i.test(sid) ? sid : NO_SESSION, auth.claims.sub],
  );
  if (!s.rows[0]) {
    return apiError(
      c,
      401,
      'unauthorized',
      'This session has ended: sign in again to delete the account',
    );
  }
  // The rows go by cascade; the account's storage counters (kept apart, without a foreign
  // key: migration 20261127100100_storage_quotas.sql) go with them.
  await db.transaction(async (tx) => {
    await tx.query('delete from auth.users where id = $1::uuid', [auth.claims.sub]);
    await tx.query('delete from pneuma_private.storage_usage where user_id = $1::uuid', [auth.claims.sub]);
  });
  opts.sessions.forgetUser(auth.claims.sub!);
  return c.body(null, 204);
}
