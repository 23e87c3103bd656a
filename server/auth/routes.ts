import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import type { Db, Queryable } from '../db/types';
import { isPgError } from '../db/types';
import { clientIp, isPlainObject, readJson, requestOrigin } from '../http';
import { RateLimiter } from '../rate-limit';
import type { RateLimit } from '../rate-limit';
import type { Secrets } from '../secrets';
import { JwtError, requestToken, signJwt, verifyJwt } from './jwt';
import type { Claims } from './jwt';

/**
 * /auth/v1: the subset of the Supabase Auth (GoTrue) API that supabase-js uses.
 * Email confirmation is off here (no mail server): sign-up returns a session.
 */
export interface AuthOptions {
  db: Db;
  secrets: Secrets;
  /** Access-token lifetime in seconds. */
  jwtExpSeconds: number;
  signupLimit: RateLimit;
  tokenLimit: RateLimit;
  trustProxy: boolean;
  /**
   * A refresh token rotated less than this many seconds ago may be presented again
   * (the page and the service worker refreshing at once): it gets a new token for the
   * same session instead of ending it. Hosted Supabase uses 10 s. 0 = strict.
   */
  refreshReuseSeconds: number;
}

export const MIN_PASSWORD_LENGTH = 6;
const MAX_PASSWORD_LENGTH = 72;
const MAX_METADATA_BYTES = 16 * 1024;
// Practical address check (what GoTrue accepts in spirit): local@domain.tld, no spaces.
const EMAIL_RE = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function normaliseEmail(raw: string): string | null {
  const email = raw.trim().toLowerCase();
  if (email.length > 254 || !EMAIL_RE.test(email)) return null;
  return email;
}

/** GoTrue's error body: supabase-js reads error_code and msg. */
function authError(c: Context, status: ContentfulStatusCode, errorCode: string, msg: string, extra: Record<string, unknown> = {}) {
  return c.json({ code: status, error_code: errorCode, msg, ...extra }, status);
}

const hashToken = (t: string) => createHash('sha256').update(t).digest('hex');

interface UserRow {
  id: string;
  email: string;
  encrypted_password: string;
  email_confirmed_at: Date | string | null;
  last_sign_in_at: Date | string | null;
  raw_app_meta_data: Record<string, unknown>;
  raw_user_meta_data: Record<string, unknown>;
  created_at: Date | string;
  updated_at: Date | string;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function userJson(u: UserRow) {
  const confirmed = iso(u.email_confirmed_at);
  return {
    id: u.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: u.email,
    email_confirmed_at: confirmed,
    phone: '',
    confirmed_at: confirmed,
    last_sign_in_at: iso(u.last_sign_in_at),
    app_metadata: u.raw_app_meta_data,
    user_metadata: u.raw_user_meta_data,
    identities: [
      {
        identity_id: u.id,
        id: u.id,
        user_id: u.id,
        identity_data: { email: u.email, email_verified: confirmed !== null, sub: u.id },
        provider: 'email',
        last_sign_in_at: iso(u.last_sign_in_at),
        created_at: iso(u.created_at),
        updated_at: iso(u.updated_at),
        email: u.email,
      },
    ],
    created_at: iso(u.created_at),
    updated_at: iso(u.updated_at),
    is_anonymous: false,
  };
}

const USER_COLS =
  'id, email, encrypted_password, email_confirmed_at, last_sign_in_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at';

// A real argon2id hash of a random password, verified against when the email is
// unknown, so a wrong email costs the same time as a wrong password.
let dummyHash: Promise<string> | undefined;

const signupBody = z.object({
  email: z.string({ error: 'email is required' }),
  password: z.string({ error: 'password is required' }),
  data: z.record(z.string(), z.unknown()).optional(),
});
const passwordBody = z.object({ email: z.string(), password: z.string() });
const refreshBody = z.object({ refresh_token: z.string().min(1).max(512) });
const updateBody = z.object({
  email: z.string().optional(),
  password: z.string().optional(),
  data: z.record(z.string(), z.unknown()).optional(),
  nonce: z.string().optional(),
});

export function authRoutes(opts: AuthOptions): Hono {
  const { db, secrets } = opts;
  const app = new Hono();
  const signupLimiter = new RateLimiter(opts.signupLimit);
  const tokenLimiter = new RateLimiter(opts.tokenLimit);

  async function issueSession(c: Context, tx: Queryable, user: UserRow, sessionId: string, amr: string) {
    const refresh = randomBytes(32).toString('base64url');
    await tx.query('insert into auth.refresh_tokens (token_hash, session_id, user_id) values ($1, $2, $3)', [hashToken(refresh), sessionId, user.id]);
    const now = Math.floor(Date.now() / 1000);
    const claims: Claims = {
      iss: `${requestOrigin(c, opts.trustProxy)}/auth/v1`,
      sub: user.id,
      aud: 'authenticated',
      role: 'authenticated',
      email: user.email,
      phone: '',
      app_metadata: user.raw_app_meta_data,
      user_metadata: user.raw_user_meta_data,
      aal: 'aal1',
      amr: [{ method: amr, timestamp: now }],
      session_id: sessionId,
      is_anonymous: false,
    };
    const accessToken = await signJwt(claims, secrets.jwtSecret, opts.jwtExpSeconds);
    return {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: opts.jwtExpSeconds,
      expires_at: now + opts.jwtExpSeconds,
      refresh_token: refresh,
      user: userJson(user),
    };
  }

  /** Every auth endpoint but /health needs the project's key (as Supabase's gateway does). */
  app.use('*', async (c, next) => {
    if (c.req.path.endsWith('/health')) return next();
    const { token, malformed } = requestToken(c.req.header('authorization'), c.req.header('apikey'));
    const key = c.req.header('apikey') ?? token;
    if (malformed || !key) return authError(c, 401, 'no_authorization', 'No API key found in request');
    try {
      await verifyJwt(key, secrets.jwtSecret);
    } catch {
      return authError(c, 401, 'bad_jwt', 'Invalid API key');
    }
    return next();
  });

  app.get('/health', (c) => c.json({ version: 'pneuma-embedded', name: 'GoTrue', description: 'Pneuma embedded auth (Supabase Auth API subset)' }));

  app.get('/settings', (c) =>
    c.json({
      external: { email: true, phone: false, anonymous_users: false },
      disable_signup: false,
      mailer_autoconfirm: true,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    }),
  );

  app.post('/signup', async (c) => {
    const wait = signupLimiter.hit(clientIp(c, opts.trustProxy));
    if (wait) return withRetry(c, wait);
    const body = await readJson(c);
    if (!body.ok) return authError(c, 400, 'bad_json', `Could not parse request body as JSON: ${body.message}`);
    const parsed = signupBody.safeParse(body.value ?? {});
    if (!parsed.success) return authError(c, 400, 'validation_failed', zodMessage(parsed.error));
    const email = normaliseEmail(parsed.data.email);
    if (!email) return authError(c, 400, 'validation_failed', 'Unable to validate email address: invalid format');
    const pw = parsed.data.password;
    if (pw.length < MIN_PASSWORD_LENGTH) {
      return authError(c, 422, 'weak_password', `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`, {
        weak_password: { reasons: ['length'] },
      });
    }
    if (pw.length > MAX_PASSWORD_LENGTH) return authError(c, 422, 'validation_failed', `Password cannot be longer than ${MAX_PASSWORD_LENGTH} characters`);
    const meta = parsed.data.data ?? {};
    if (JSON.stringify(meta).length > MAX_METADATA_BYTES) return authError(c, 400, 'validation_failed', 'User metadata is too large');
    const existing = await db.query('select 1 from auth.users where email = $1', [email]);
    if (existing.rows.length) return authError(c, 422, 'user_already_exists', 'User already registered');
    const passwordHash = await argonHash(pw);
    try {
      const session = await db.transaction(async (tx) => {
        const ins = await tx.query<UserRow>(
          `insert into auth.users (id, email, encrypted_password, email_confirmed_at, last_sign_in_at, raw_user_meta_data)
           values ($1, $2, $3, now(), now(), $4::jsonb) returning ${USER_COLS}`,
          [randomUUID(), email, passwordHash, JSON.stringify(meta)],
        );
        const user = ins.rows[0]!;
        const sessionId = randomUUID();
        await tx.query('insert into auth.sessions (id, user_id) values ($1, $2)', [sessionId, user.id]);
        return issueSession(c, tx, user, sessionId, 'password');
      });
      return c.json(session, 200);
    } catch (e) {
      if (isPgError(e) && e.code === '23505') return authError(c, 422, 'user_already_exists', 'User already registered');
      throw e;
    }
  });

  app.post('/token', async (c) => {
    const wait = tokenLimiter.hit(clientIp(c, opts.trustProxy));
    if (wait) return withRetry(c, wait);
    const grant = c.req.query('grant_type');
    const body = await readJson(c);
    if (!body.ok) return authError(c, 400, 'bad_json', `Could not parse request body as JSON: ${body.message}`);
    if (grant === 'password') {
      const parsed = passwordBody.safeParse(body.value ?? {});
      if (!parsed.success) return authError(c, 400, 'validation_failed', zodMessage(parsed.error));
      const email = normaliseEmail(parsed.data.email) ?? '';
      const found = await db.query<UserRow>(`select ${USER_COLS} from auth.users where email = $1`, [email]);
      const user = found.rows[0];
      dummyHash ??= argonHash(randomBytes(16).toString('hex'));
      const ok = await argonVerify(user?.encrypted_password ?? (await dummyHash), parsed.data.password.slice(0, 1024)).catch(() => false);
      if (!user || !ok) return authError(c, 400, 'invalid_credentials', 'Invalid login credentials');
      const session = await db.transaction(async (tx) => {
        const upd = await tx.query<UserRow>(`update auth.users set last_sign_in_at = now() where id = $1 returning ${USER_COLS}`, [user.id]);
        const sessionId = randomUUID();
        await tx.query('insert into auth.sessions (id, user_id) values ($1, $2)', [sessionId, user.id]);
        return issueSession(c, tx, upd.rows[0] ?? user, sessionId, 'password');
      });
      return c.json(session, 200);
    }
    if (grant === 'refresh_token') {
      const parsed = refreshBody.safeParse(body.value ?? {});
      if (!parsed.success) return authError(c, 400, 'validation_failed', 'refresh_token required');
      const tokenHash = hashToken(parsed.data.refresh_token);
      const result = await db.transaction(async (tx) => {
        const rt = await tx.query<{ session_id: string; user_id: string; revoked: boolean; session_revoked: boolean; in_grace: boolean }>(
          `select t.session_id, t.user_id, t.revoked, (s.revoked_at is not null) as session_revoked,
                  coalesce(t.revoked_at > now() - make_interval(secs => $2), false) as in_grace
             from auth.refresh_tokens t join auth.sessions s on s.id = t.session_id
            where t.token_hash = $1 for update of t`,
          [tokenHash, opts.refreshReuseSeconds],
        );
        const row = rt.rows[0];
        if (!row || row.session_revoked) return { error: 'refresh_token_not_found' as const };
        if (row.revoked && !row.in_grace) {
          // Reuse of a rotated token: someone else may hold this session. End it.
          await tx.query('update auth.sessions set revoked_at = now() where id = $1', [row.session_id]);
          await tx.query('update auth.refresh_tokens set revoked = true, revoked_at = coalesce(revoked_at, now()) where session_id = $1', [row.session_id]);
          return { error: 'refresh_token_already_used' as const };
        }
        if (!row.revoked) await tx.query('update auth.refresh_tokens set revoked = true, revoked_at = now() where token_hash = $1', [tokenHash]);
        await tx.query('update auth.sessions set refreshed_at = now() where id = $1', [row.session_id]);
        const u = await tx.query<UserRow>(`select ${USER_COLS} from auth.users where id = $1`, [row.user_id]);
        return { session: await issueSession(c, tx, u.rows[0]!, row.session_id, 'token') };
      });
      if ('session' in result) return c.json(result.session, 200);
      return result.error === 'refresh_token_already_used'
        ? authError(c, 400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used')
        : authError(c, 400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    }
    return authError(c, 400, 'unsupported_grant_type', 'unsupported_grant_type: use password or refresh_token');
  });

  /** The signed-in caller: a valid user JWT whose session is still open. */
  async function caller(c: Context): Promise<{ user: UserRow; claims: Claims } | Response> {
    const auth = c.req.header('authorization');
    const m = auth ? /^Bearer\s+(\S+)\s*$/i.exec(auth) : null;
    if (!m) return authError(c, 401, 'no_authorization', 'This endpoint requires a Bearer token');
    let claims: Claims;
    try {
      claims = await verifyJwt(m[1]!, secrets.jwtSecret);
    } catch (e) {
      const expired = e instanceof JwtError && e.kind === 'expired';
      return authError(c, 403, 'bad_jwt', expired ? 'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired' : 'invalid JWT: unable to parse or verify signature');
    }
    if (claims.role !== 'authenticated' || typeof claims.sub !== 'string' || typeof claims.session_id !== 'string') {
      return authError(c, 403, 'bad_jwt', 'invalid claim: missing sub claim');
    }
    const s = await db.query<{ revoked: boolean }>('select (revoked_at is not null) as revoked from auth.sessions where id = $1 and user_id = $2', [
      claims.session_id,
      claims.sub,
    ]);
    if (!s.rows[0] || s.rows[0].revoked) return authError(c, 403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    const u = await db.query<UserRow>(`select ${USER_COLS} from auth.users where id = $1`, [claims.sub]);
    if (!u.rows[0]) return authError(c, 403, 'user_not_found', 'User from sub claim in JWT does not exist');
    return { user: u.rows[0], claims };
  }

  app.get('/user', async (c) => {
    const who = await caller(c);
    if (who instanceof Response) return who;
    return c.json(userJson(who.user));
  });

  app.put('/user', async (c) => {
    const who = await caller(c);
    if (who instanceof Response) return who;
    const body = await readJson(c);
    if (!body.ok) return authError(c, 400, 'bad_json', `Could not parse request body as JSON: ${body.message}`);
    if (!isPlainObject(body.value)) return authError(c, 400, 'validation_failed', 'The request body must be a JSON object');
    const parsed = updateBody.safeParse(body.value);
    if (!parsed.success) return authError(c, 400, 'validation_failed', zodMessage(parsed.error));
    const { email: rawEmail, password, data } = parsed.data;
    let email: string | undefined;
    if (rawEmail !== undefined) {
      const e = normaliseEmail(rawEmail);
      if (!e) return authError(c, 400, 'validation_failed', 'Unable to validate email address: invalid format');
      email = e;
    }
    let newHash: string | undefined;
    if (password !== undefined) {
      if (password.length < MIN_PASSWORD_LENGTH) {
        return authError(c, 422, 'weak_password', `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`, { weak_password: { reasons: ['length'] } });
      }
      if (password.length > MAX_PASSWORD_LENGTH) return authError(c, 422, 'validation_failed', `Password cannot be longer than ${MAX_PASSWORD_LENGTH} characters`);
      if (await argonVerify(who.user.encrypted_password, password).catch(() => false)) {
        return authError(c, 422, 'same_password', 'New password should be different from the old password.');
      }
      newHash = await argonHash(password);
    }
    let meta = who.user.raw_user_meta_data;
    if (data) {
      meta = { ...meta };
      // GoTrue semantics: keys merge into the metadata; a null value removes the key.
      for (const [k, v] of Object.entries(data)) {
        if (v === null) delete meta[k];
        else meta[k] = v;
      }
      if (JSON.stringify(meta).length > MAX_METADATA_BYTES) return authError(c, 400, 'validation_failed', 'User metadata is too large');
    }
    try {
      const r = await db.query<UserRow>(
        `update auth.users set email = coalesce($2, email), encrypted_password = coalesce($3, encrypted_password),
                raw_user_meta_data = $4::jsonb, updated_at = now()
          where id = $1 returning ${USER_COLS}`,
        [who.user.id, email ?? null, newHash ?? null, JSON.stringify(meta)],
      );
      return c.json(userJson(r.rows[0]!));
    } catch (e) {
      if (isPgError(e) && e.code === '23505') return authError(c, 422, 'email_exists', 'A user with this email address has already been registered');
      throw e;
    }
  });

  app.post('/logout', async (c) => {
    const who = await caller(c);
    if (who instanceof Response) {
      // supabase-js treats 401/403/404 from logout as "already signed out".
      return who;
    }
    const scope = c.req.query('scope') ?? 'global';
    const sid = who.claims.session_id!;
    if (scope === 'local') {
      await db.query('update auth.sessions set revoked_at = now() where id = $1', [sid]);
    } else if (scope === 'global') {
      await db.query('update auth.sessions set revoked_at = now() where user_id = $1 and revoked_at is null', [who.user.id]);
    } else if (scope === 'others') {
      await db.query('update auth.sessions set revoked_at = now() where user_id = $1 and id <> $2 and revoked_at is null', [who.user.id, sid]);
    } else {
      return authError(c, 400, 'validation_failed', 'scope must be one of global, local, others');
    }
    await db.query(
      'update auth.refresh_tokens t set revoked = true, revoked_at = now() from auth.sessions s where s.id = t.session_id and s.user_id = $1 and s.revoked_at is not null and not t.revoked',
      [who.user.id],
    );
    return c.body(null, 204);
  });

  app.all('*', (c) => authError(c, 404, 'not_found', `The auth endpoint ${c.req.method} ${c.req.path} is not supported by this server`));

  return app;
}

function withRetry(c: Context, seconds: number): Response {
  const res = authError(c, 429, 'over_request_rate_limit', 'Request rate limit reached');
  res.headers.set('Retry-After', String(seconds));
  return res;
}

function zodMessage(err: z.ZodError): string {
  const issue = err.issues[0];
  if (!issue) return 'Invalid request body';
  const path = issue.path.join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}
