import type { Context } from 'hono';
import { deviceKeyPrefix, emailKeyPrefix } from '../../auth/device';
import type { ApiOptions } from '../options';
import { callerOf } from '../../auth/request-caller';
import { apiError, apiWho, SIGNED_IN } from '../respond';

/**
 * DELETE /api/account: deletes the caller's user and every row of theirs (below) and sign-in
 * sessions, so every token of the account is refused from then on. The token's session must
 * still be open (a signed-out token cannot delete).
 */
export async function deleteAccount(c: Context, opts: ApiOptions): Promise<Response> {
  const { db, secrets } = opts;
  // A signed-in caller (every key the request carries verified) whose sign-in session is still
  // open: both asked of the request's caller, with the shared SessionCheck.
  const caller = callerOf(c, secrets.jwtSecret, opts.sessions);
  const who = await apiWho(c, secrets.jwtSecret, SIGNED_IN);
  if (who instanceof Response) return who;
  const session = await caller.openSession();
  if (!('claims' in session))
    return apiError(c, 401, 'unauthorized', 'This session has ended: sign in again to delete the account');
  // Everything of the user goes in one transaction (docs/product.md § Leaving): the rows
  // with a foreign key to auth.users by cascade (sessions, patterns, posts, reactions,
  // follows, ratings, enrolments, courses, instructor profile and photo, push
  // subscriptions, ...); then what has no foreign key: error reports (kept anonymous
  // otherwise), the storage counters (migration 20261127100100_storage_quotas.sql) and the
  // abuse-limit counters keyed by the user's id or address. Counts still in memory are sent
  // first so none is written back afterwards. tests/server/account/ proves, from the
  // database catalogue, that no table holds the user's id or address afterwards.
  await opts.limits.flush().catch(() => undefined);
  const user = session.claims.sub!;
  await db.transaction(async (tx) => {
    const found = await tx.query<{ email: string | null }>('select email from auth.users where id = $1::uuid', [user]);
    const email = found.rows[0]?.email?.toLowerCase() ?? null;
    await tx.query('delete from public.error_reports where user_id = $1::uuid', [user]);
    // Shared sessions they joined as a member (joiner 'user:<id>'; their own sessions go by cascade).
    await tx.query("delete from public.together_joins where joiner = 'user:' || $1::text", [user]);
    await tx.query('delete from auth.users where id = $1::uuid', [user]);
    await tx.query('delete from pneuma_private.storage_usage where user_id = $1::uuid', [user]);
    // Exactly the keys naming this account (`<rule>:<client>`, limits/limiter.ts): the user
    // id alone or as `user:<id>`, its devices, and its address paired with a client address
    // (auth/device.ts). Never a key that merely contains them: deleting aN@rt.co must not
    // reset the counters of xaN@rt.co.
    await tx.query(
      `delete from pneuma_private.rate_limits
        where substr(key, strpos(key, ':') + 1) in ($1, $2)
           or starts_with(substr(key, strpos(key, ':') + 1), $3)
           or ($4::text is not null and starts_with(substr(key, strpos(key, ':') + 1), $4))`,
      [user, `user:${user}`, deviceKeyPrefix(user), email === null ? null : emailKeyPrefix(email)],
    );
  });
  opts.sessions.forgetUser(user);
  return c.body(null, 204);
}
