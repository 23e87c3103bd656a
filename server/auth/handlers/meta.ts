import type { Context } from 'hono';
import { authError } from '../errors';

/** GET /health: GoTrue's identity line. */
export function health(c: Context): Response {
  return c.json({
    version: 'pneuma-embedded',
    name: 'GoTrue',
    description: 'Pneuma embedded auth (Supabase Auth API subset)',
  });
}

/** GET /settings: email sign-up only; confirmed at once unless confirmation is required. */
export function settings(c: Context, confirmSignup: boolean): Response {
  return c.json({
    external: { email: true, phone: false, anonymous_users: false },
    disable_signup: false,
    mailer_autoconfirm: !confirmSignup,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  });
}

/** Any other /auth/v1 path. */
export function notSupported(c: Context): Response {
  return authError(
    c,
    404,
    'not_found',
    `The auth endpoint ${c.req.method} ${c.req.path} is not supported by this server`,
  );
}
