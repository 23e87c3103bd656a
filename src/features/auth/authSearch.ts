import { parseAuthContext, type AuthContext } from '../../domain/authLevel';

interface AuthSearch {
  context?: AuthContext;
  redirect?: string;
  /** forgot: ask for a reset link; reset: where the mailed link lands. */
  mode?: 'forgot' | 'reset';
  /** A note for the sign-in form (after a password reset). */
  notice?: 'passwordChanged';
}

/**
 * /auth and /onboarding keep `context=social|progress` and a same-site redirect target; /auth
 * also `mode=forgot|reset` and `notice=passwordChanged`.
 */
export function validateAuthSearch(s: Record<string, unknown>): AuthSearch {
  const out: AuthSearch = {};
  if (s.mode === 'forgot' || s.mode === 'reset') out.mode = s.mode;
  if (s.notice === 'passwordChanged') out.notice = s.notice;
  const context = parseAuthContext(s.context);
  if (context) out.context = context;
  if (typeof s.redirect === 'string' && s.redirect.startsWith('/') && !s.redirect.startsWith('//'))
    out.redirect = s.redirect;
  return out;
}
