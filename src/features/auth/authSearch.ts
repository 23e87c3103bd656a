import { parseAuthContext, type AuthContext } from '../../domain/authLevel';

export interface AuthSearch {
  context?: AuthContext;
  redirect?: string;
}

/** /auth and /onboarding keep `context=social|progress` and a same-site redirect target. */
export function validateAuthSearch(s: Record<string, unknown>): AuthSearch {
  const out: AuthSearch = {};
  const context = parseAuthContext(s.context);
  if (context) out.context = context;
  if (typeof s.redirect === 'string' && s.redirect.startsWith('/') && !s.redirect.startsWith('//'))
    out.redirect = s.redirect;
  return out;
}
