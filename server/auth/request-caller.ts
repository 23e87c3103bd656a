import type { Context, MiddlewareHandler } from 'hono';
import { isApiRole, JwtError, requestToken, verifyJwt } from './jwt';
import type { ApiRole, Claims } from './jwt';
import type { SessionCheck } from './revocation';

/**
 * WHO IS CALLING, resolved once per request (server/README.md § Request path). One
 * middleware (callerMiddleware, first on /auth/v1, /rest and /api) puts a RequestCaller in
 * the Hono context; the limits, the session guard, /rest/v1, every /api endpoint and
 * GoTrue's /user and /logout ask it. Each token the request carries (Authorization:
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
 * The request's caller. Outside the app's middleware (a route group mounted alone, as some
 * tests do) one is made for the request and kept, without a session check.
 */
export function callerOf(c: Context, jwtSecret: string): RequestCaller {
  let caller = c.get('caller') as RequestCaller | undefined;
  if (!caller) {
    caller = new RequestCaller(c, jwtSecret);
    c.set('caller', caller);
  }
  return caller;
}
