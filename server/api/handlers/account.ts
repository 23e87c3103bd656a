import type { Context } from 'hono';
import type { ApiOptions } from '../options';
import { apiError, bearer } from '../respond';

const NO_SESSION = '00000000-0000-0000-0000-000000000000';

/**
 * DELETE /api/account: deletes the caller's user and every row of theirs (below) and sign-in
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
  // Everything of the user goes in one transaction (docs/product.md § Leaving): the rows
  // with a foreign key to auth.users by cascade (sessions, patterns, posts, reactions,
  // follows, ratings, enrolments, courses, instructor profile and photo, push
  // subscriptions, ...); then what has no foreign key: error reports (kept anonymous
  // otherwise), the storage counters (migration 20261127100100_storage_quotas.sql) and the
  // abuse-limit counters keyed by the user's id or address. Counts still in memory are sent
  // first so none is written back afterwards. tests/server/account/ proves, from the
  // database catalogue, that no table holds the user's id or address afterwards.
  await opts.limits.flush().catch(() => undefined);
  const user = auth.claims.sub!;
  await db.transaction(async (tx) => {
    const found = await tx.query<{ email: string | null }>('select email from auth.users where id = $1::uuid', [user]);
    const email = found.rows[0]?.email?.toLowerCase() ?? null;
    await tx.query('delete from public.error_reports where user_id = $1::uuid', [user]);
    // Shared sessions they joined as a member (joiner 'user:<id>'; their own sessions go by cascade).
    await tx.query("delete from public.together_joins where joiner = 'user:' || $1::text", [user]);
    await tx.query('delete from auth.users where id = $1::uuid', [user]);
    await tx.query('delete from pneuma_private.storage_usage where user_id = $1::uuid', [user]);
    await tx.query(
      `delete from pneuma_private.rate_limits
        where strpos(key, $1) > 0 or ($2::text is not null and strpos(lower(key), $2) > 0)`,
      [user, email],
    );
  });
  opts.sessions.forgetUser(auth.claims.sub!);
  return c.body(null, 204);
}
