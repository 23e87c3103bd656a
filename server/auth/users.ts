import type { Context } from 'hono';
import { authError } from './errors';
import type { Claims } from './jwt';
import type { AuthDeps } from './options';
import { checkNewPassword } from './password-policy';
import { callerOf } from './request-caller';

/** Largest user_metadata, as JSON text. */
export const MAX_METADATA_BYTES = 16 * 1024;

// Practical address check (what GoTrue accepts in spirit): local@domain.tld, no spaces.
const EMAIL_RE =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** Lower-cased, trimmed address, or null when it is not a valid one. */
export function normaliseEmail(raw: string): string | null {
  const email = raw.trim().toLowerCase();
  if (email.length > 254 || !EMAIL_RE.test(email)) return null;
  return email;
}

export function invalidEmail(c: Context): Response {
  return authError(c, 400, 'validation_failed', 'Unable to validate email address: invalid format');
}

/** GoTrue's 422 for a password the rules refuse (weak_password with its reason), or null when it may be used. */
export async function passwordProblem(c: Context, password: string): Promise<Response | null> {
  const problem = await checkNewPassword(password);
  if (!problem) return null;
  if (problem.reason === 'too_long') return authError(c, 422, 'validation_failed', problem.message);
  return authError(c, 422, 'weak_password', problem.message, {
    weak_password: { reasons: [problem.reason] },
  });
}

/** Control characters (C0, DEL, C1): never part of a name shown to people. */
const CONTROL = /\p{Cc}/u;

/** Whether any string in a JSON value (keys too) holds a NUL, which PostgreSQL's jsonb cannot store. */
function holdsNul(v: unknown): boolean {
  if (typeof v === 'string') return v.includes('\u0000');
  if (Array.isArray(v)) return v.some(holdsNul);
  if (typeof v === 'object' && v !== null)
    return Object.entries(v).some(([k, x]) => k.includes('\u0000') || holdsNul(x));
  return false;
}

/**
 * GoTrue's 400 for user metadata the account cannot keep: over MAX_METADATA_BYTES, a
 * display_name with control characters, or a NUL anywhere (jsonb refuses it); else null.
 */
export function metadataProblem(c: Context, meta: Record<string, unknown>): Response | null {
  if (JSON.stringify(meta).length > MAX_METADATA_BYTES)
    return authError(c, 400, 'validation_failed', 'User metadata is too large');
  const name = meta.display_name;
  if (typeof name === 'string' && CONTROL.test(name))
    return authError(c, 400, 'validation_failed', 'The display name cannot contain control characters');
  if (holdsNul(meta))
    return authError(c, 400, 'validation_failed', 'User metadata cannot contain the NUL character (\\u0000)');
  return null;
}

/** A row of auth.users as the handlers read it. */
export interface UserRow {
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

export const USER_COLS =
  'id, email, encrypted_password, email_confirmed_at, last_sign_in_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** The user object of GoTrue's answers (what supabase-js keeps as `session.user`). */
export function userJson(u: UserRow) {
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

/** The signed-in user of /user, /logout and reauthentication, with their token's claims. */
export interface SessionUser {
  user: UserRow;
  claims: Claims;
}

/**
 * The user whose open sign-in session calls (the request's caller, request-caller.ts
 * `openSession`: the token verified once, the session checked with the shared SessionCheck),
 * read from auth.users; anything else is GoTrue's 401/403 answer.
 */
export async function sessionUser(c: Context, deps: AuthDeps): Promise<SessionUser | Response> {
  const session = await callerOf(c, deps.secrets.jwtSecret, deps.sessions).openSession();
  if (!('claims' in session)) return authError(c, session.status, session.code, session.message);
  const u = await deps.db.query<UserRow>(`select ${USER_COLS} from auth.users where id = $1`, [session.claims.sub]);
  if (!u.rows[0]) return authError(c, 403, 'user_not_found', 'User from sub claim in JWT does not exist');
  return { user: u.rows[0], claims: session.claims };
}
