import type { Context, MiddlewareHandler } from 'hono';
import { isApiRole, JwtError, requestToken, verifyJwt } from './jwt';
import type { ApiRole, Claims } from './jwt';
import type { SessionCheck } from './revocation';

/**
 * WHO IS CALLING, resolved once per request (server/README.md § Request path). One
 * middleware (callerMiddleware, first on /auth/v1, /rest and /api) puts a RequestCaller in
 * the Hono context; the limits, the API-key check and the session guard of /auth/v1, /rest/v1,
 * every /api endpoint (`who`, with what the endpoint needs) and GoTrue's /user and /logout
 * (`openSession`) ask it, and nothing else resolves a caller. Each token the request carries (Authorization:
 * Bearer, apikey) is verified at most once, and each sign-in session checked at most once,
 * however many of them ask.
 */
export interface RequestAuth {
  role: ApiRole;
  claims: Claims;
}
export interface AuthFailure {
  status: 401;
  code: 'PGRST301' | 'PGRST302' | 'PGRST303';
  message: string;
}

export function isAuthFailure(a: RequestAuth | AuthFailure): a is AuthFailure {
  return 'status' in a;
}

/** What an endpoint needs of its caller, and the words of its 401 answers. */
export interface CallerNeed {
  /** A guest (the anon key) may call too; the service key never may. */
  guests: boolean;
  /** The 401 message when a signed-in user is needed and none calls. */
  signIn: string;
  /** The whole 401 message when the token is missing or invalid (default "Not authenticated: <why>"). */
  invalid?: (why: string) => string;
}

/** Who calls an endpoint, as it needs them. */
export interface Who {
  auth: RequestAuth;
  /** The signed-in user, or null for a guest (anon key). */
  userId: string | null;
}

/** Why the caller may not call: the 401 message. */
export interface Refusal {
  refused: string;
}

/** GoTrue's answer to a request for the signed-in user that carries no open session. */
export interface SessionRefusal {
  status: 401 | 403;
  code: 'no_authorization' | 'bad_jwt' | 'session_not_found';
  message: string;
}

type Verified = { claims: Claims } | { error: unknown };

export class RequestCaller {
  private readonly verified = new Map<string, Promise<Verified>>();
  private authAnswer?: Promise<RequestAuth | AuthFailure>;
  private openAnswer?: Promise<boolean>;

  constructor(
    private readonly c: Context,
    private readonly secret: string,
    private readonly sessions?: SessionCheck,
  ) {}

  /** The verified claims of `token`, or why not (verified once per request). */
  verify(token: string): Promise<Verified> {
    let v = this.verified.get(token);
    if (!v) {
      v = verifyJwt(token, this.secret).then(
        (claims) => ({ claims }),
        (error: unknown) => ({ error }),
      );
      this.verified.set(token, v);
    }
    return v;
  }

  /**
   * What PostgREST behind Supabase's gateway checks: a key must be present (apikey header
   * or Authorization: Bearer), every JWT given must verify, and the role claim of the
   * Authorization token (checked last) picks the database role.
   */
  auth(): Promise<RequestAuth | AuthFailure> {
    this.authAnswer ??= this.resolveAuth();
    return this.authAnswer;
  }

  /**
   * Who calls an endpoint that needs `need`: the request's auth checked for it (a guest only
   * where guests may call; the service key never), or the 401 message. Every /api endpoint
   * asks this (api/respond.ts apiCaller), so the rule is written once.
   */
  async who(need: CallerNeed): Promise<Who | Refusal> {
    const auth = await this.auth();
    if (isAuthFailure(auth)) return { refused: need.invalid?.(auth.message) ?? `Not authenticated: ${auth.message}` };
    if (need.guests && auth.role === 'service_role') return { refused: 'Use a user access token or the anon key' };
    const userId = auth.role === 'authenticated' && typeof auth.claims.sub === 'string' ? auth.claims.sub : null;
    if (!need.guests && !userId) return { refused: need.signIn };
    return { auth, userId };
  }

  /**
   * The signed-in user of GoTrue's /user, /logout and reauthentication: a Bearer user token
   * (verified once, with the rest of the request) whose sign-in session is still open (the
   * shared SessionCheck; ending a session tells it), else GoTrue's 401/403 answer.
   */
  async openSession(): Promise<{ claims: Claims } | SessionRefusal> {
    const token = this.bearerToken();
    if (!token) return { status: 401, code: 'no_authorization', message: 'This endpoint requires a Bearer token' };
    const verified = await this.verify(token);
    if (!('claims' in verified)) {
      const expired = verified.error instanceof JwtError && verified.error.kind === 'expired';
      const message = expired
        ? 'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired'
        : 'invalid JWT: unable to parse or verify signature';
      return { status: 403, code: 'bad_jwt', message };
    }
    const { claims } = verified;
    if (claims.role !== 'authenticated' || typeof claims.sub !== 'string' || typeof claims.session_id !== 'string')
      return { status: 403, code: 'bad_jwt', message: 'invalid claim: missing sub claim' };
    if (!this.sessions || !(await this.sessions.isOpen(claims.session_id, claims.sub)))
      return { status: 403, code: 'session_not_found', message: 'Session from session_id claim in JWT does not exist' };
    return { claims };
  }

  /** The Authorization: Bearer token, when the header has that form. */
  bearerToken(): string | undefined {
    return /^Bearer\s+(\S+)\s*$/i.exec(this.c.req.header('authorization') ?? '')?.[1];
  }

  /** The verified claims of the Bearer token when it is a user token, else null (the limits' key). */
  async bearerUser(): Promise<Claims | null> {
    const token = this.bearerToken();
    return token ? userClaims(await this.verify(token)) : null;
  }

  /** The verified user claims of every token the request carries (Bearer and apikey). */
  async everyUser(): Promise<Claims[]> {
    const apikey = this.c.req.header('apikey')?.trim();
    const bearer = this.bearerToken();
    const tokens = [bearer, apikey && apikey !== bearer ? apikey : undefined];
    const out: Claims[] = [];
    for (const t of tokens) {
      const claims = t ? userClaims(await this.verify(t)) : null;
      if (claims) out.push(claims);
    }
    return out;
  }

  /**
   * False when a user token's sign-in session has ended (signed out, password changed,
   * account deleted). Tokens without a session_id claim (minted with the secret by an
   * administrator) pass.
   */
  sessionsOpen(): Promise<boolean> {
    this.openAnswer ??= this.resolveOpen();
    return this.openAnswer;
  }

  private async resolveOpen(): Promise<boolean> {
    let open = true;
    for (const claims of await this.everyUser()) {
      if (typeof claims.session_id !== 'string' || !this.sessions) continue;
      if (!(await this.sessions.isOpen(claims.session_id, claims.sub!))) open = false;
    }
    return open;
  }

  private async resolveAuth(): Promise<RequestAuth | AuthFailure> {
    const authorization = this.c.req.header('authorization');
    const apikey = this.c.req.header('apikey');
    const { token, malformed } = requestToken(authorization, apikey);
    if (malformed)
      return { status: 401, code: 'PGRST301', message: 'Authorization header must be "Bearer <JWT>"' };
    if (!token) return { status: 401, code: 'PGRST302', message: 'No API key found in request' };
    const tokens = apikey && authorization && apikey.trim() !== token ? [apikey.trim(), token] : [token];
    let claims: Claims = {};
    for (const t of tokens) {
      const v = await this.verify(t);
      if ('error' in v) {
        if (v.error instanceof JwtError && v.error.kind === 'expired')
          return { status: 401, code: 'PGRST303', message: 'JWT expired' };
        return { status: 401, code: 'PGRST301', message: 'JWT could not be verified' };
      }
      claims = v.claims;
    }
    // claims now hold the Authorization token's claims (it is checked last).
    if (!isApiRole(claims.role))
      return { status: 401, code: 'PGRST301', message: 'JWT role claim is missing or not allowed' };
    if (claims.role === 'authenticated' && typeof claims.sub !== 'string')
      return { status: 401, code: 'PGRST301', message: 'JWT sub claim is missing' };
    return { role: claims.role, claims };
  }
}

function userClaims(v: Verified): Claims | null {
  if (!('claims' in v)) return null;
  return v.claims.role === 'authenticated' && typeof v.claims.sub === 'string' ? v.claims : null;
}

declare module 'hono' {
  interface ContextVariableMap {
    caller: RequestCaller;
  }
}

/** Puts the request's caller in the context (verified lazily, once, when first asked). */
export function callerMiddleware(jwtSecret: string, sessions: SessionCheck): MiddlewareHandler {
  return async (c, next) => {
    c.set('caller', new RequestCaller(c, jwtSecret, sessions));
    await next();
  };
}

/**
 * The request's caller: the middleware's answer, the one way a handler learns who calls.
 * Outside the app's middleware (a route group mounted alone, as some tests do) one is made
 * for the request and kept, with `sessions` when the group has them (GoTrue's do).
 */
export function callerOf(c: Context, jwtSecret: string, sessions?: SessionCheck): RequestCaller {
  let caller = c.get('caller') as RequestCaller | undefined;
  if (!caller) {
    caller = new RequestCaller(c, jwtSecret, sessions);
    c.set('caller', caller);
  }
  return caller;
}
