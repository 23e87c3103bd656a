import { randomBytes } from 'node:crypto';
import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import type { Context } from 'hono';
import { z } from 'zod';
import { readJson } from '../../http';
import { authError, badJson, rateLimited, zodMessage } from '../errors';
import type { AuthDeps } from '../options';
import { accountClientKey, signinClientKey } from '../device';
import { hashToken, issueSession, openSession } from '../session';
import { normaliseEmail, USER_COLS } from '../users';
import type { UserRow } from '../users';

const passwordBody = z.object({ email: z.string(), password: z.string() });
const refreshBody = z.object({ refresh_token: z.string().min(1).max(512) });

// A real argon2id hash of a random password, verified against when the email is
// unknown, so a wrong email costs the same time as a wrong password.
let dummyHash: Promise<string> | undefined;

/** POST /token?grant_type=password|refresh_token. */
export async function token(c: Context, deps: AuthDeps): Promise<Response> {
  const grant = c.req.query('grant_type');
  const body = await readJson(c);
  if (!body.ok) return badJson(c, body.message);
  if (grant === 'password') return passwordGrant(c, deps, body.value);
  if (grant === 'refresh_token') return refreshGrant(c, deps, body.value);
  return authError(
    c,
    400,
    'unsupported_grant_type',
    'unsupported_grant_type: use password or refresh_token',
  );
}

/** Email and password: a new session, or 'Invalid login credentials' for any mismatch. */
async function passwordGrant(c: Context, deps: AuthDeps, value: unknown): Promise<Response> {
  const parsed = passwordBody.safeParse(value ?? {});
  if (!parsed.success) return authError(c, 400, 'validation_failed', zodMessage(parsed.error));
  const email = normaliseEmail(parsed.data.email) ?? '';
  const found = await deps.db.query<UserRow>(
    `select ${USER_COLS} from auth.users where email = $1`,
    [email],
  );
  const user = found.rows[0];
  // Guesses at one account are limited per pair of account and client address, and guesses
  // from one client address (its /64 for IPv6) at all accounts together; the owner's own
  // device counts on its own, so a stranger's failures never lock the owner out.
  const waits = await Promise.all([
    email ? deps.limits.hit('signinEmail', accountClientKey(c, deps, email, user?.id ?? null)) : 0,
    deps.limits.hit('signinIp', signinClientKey(c, deps, user?.id ?? null)),
  ]);
  const wait = Math.max(...waits);
  if (wait) return rateLimited(c, wait);
  dummyHash ??= argonHash(randomBytes(16).toString('hex'));
  const ok = await argonVerify(
    user?.encrypted_password ?? (await dummyHash),
    parsed.data.password.slice(0, 1024),
  ).catch(() => false);
  if (!user || !ok) return authError(c, 400, 'invalid_credentials', 'Invalid login credentials');
  if (user.email_confirmed_at === null)
    return authError(c, 400, 'email_not_confirmed', 'Email not confirmed');
  const session = await deps.db.transaction(async (tx) => {
    const upd = await tx.query<UserRow>(
      `update auth.users set last_sign_in_at = now() where id = $1 returning ${USER_COLS}`,
      [user.id],
    );
    return issueSession(
      c,
      deps,
      tx,
      upd.rows[0] ?? user,
      await openSession(tx, user.id),
      'password',
    );
  });
  return c.json(session, 200);
}

interface RefreshRow {
  session_id: string;
  user_id: string;
  revoked: boolean;
  session_revoked: boolean;
  in_grace: boolean;
}

/**
 * Refresh-token rotation: every use revokes the token and issues a new one for the same
 * session. Presenting an already-rotated token ends the whole session (someone else may
 * hold it), except within `refreshReuseSeconds` of its rotation.
 */
async function refreshGrant(c: Context, deps: AuthDeps, value: unknown): Promise<Response> {
  const parsed = refreshBody.safeParse(value ?? {});
  if (!parsed.success) return authError(c, 400, 'validation_failed', 'refresh_token required');
  const tokenHash = hashToken(parsed.data.refresh_token);
  const result = await deps.db.transaction(async (tx) => {
    const rt = await tx.query<RefreshRow>(
      `select t.session_id, t.user_id, t.revoked, (s.revoked_at is not null) as session_revoked,
              coalesce(t.revoked_at > now() - make_interval(secs => $2), false) as in_grace
         from auth.refresh_tokens t join auth.sessions s on s.id = t.session_id
        where t.token_hash = $1 for update of t`,
      [tokenHash, deps.refreshReuseSeconds],
    );
    const row = rt.rows[0];
    if (!row || row.session_revoked) return { error: 'refresh_token_not_found' as const };
    if (row.revoked && !row.in_grace) {
      // Reuse of a rotated token: someone else may hold this session. End it.
      await tx.query('update auth.sessions set revoked_at = now() where id = $1', [row.session_id]);
      await tx.query(
        'update auth.refresh_tokens set revoked = true, revoked_at = coalesce(revoked_at, now()) where session_id = $1',
        [row.session_id],
      );
      return { error: 'refresh_token_already_used' as const };
    }
    if (!row.revoked) {
      await tx.query(
        'update auth.refresh_tokens set revoked = true, revoked_at = now() where token_hash = $1',
        [tokenHash],
      );
    }
    await tx.query('update auth.sessions set refreshed_at = now() where id = $1', [row.session_id]);
    const u = await tx.query<UserRow>(`select ${USER_COLS} from auth.users where id = $1`, [
      row.user_id,
    ]);
    return { session: await issueSession(c, deps, tx, u.rows[0]!, row.session_id, 'token') };
  });
  if ('session' in result) return c.json(result.session, 200);
  return result.error === 'refresh_token_already_used'
    ? authError(c, 400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used')
    : authError(
        c,
        400,
        'refresh_token_not_found',
        'Invalid Refresh Token: Refresh Token Not Found',
      );
}
