import { Hono } from 'hono';
import { RateLimiter } from '../rate-limit';
import { requireApiKey } from './handlers/apikey';
import { logout } from './handlers/logout';
import { health, notSupported, settings } from './handlers/meta';
import { signup } from './handlers/signup';
import { token } from './handlers/token';
import { getUser, updateUser } from './handlers/user';
import type { AuthDeps, AuthOptions } from './options';

/**
 * /auth/v1: the subset of the Supabase Auth (GoTrue) API that supabase-js uses.
 * Email confirmation is off here (no mail server): sign-up returns a session.
 * One handler per endpoint, in ./handlers.
 */
export function authRoutes(opts: AuthOptions): Hono {
  const deps: AuthDeps = {
    ...opts,
    signupLimiter: new RateLimiter(opts.signupLimit),
    tokenLimiter: new RateLimiter(opts.tokenLimit),
  };
  const app = new Hono();
  app.use('*', (c, next) => requireApiKey(c, next, deps));
  app.get('/health', health);
  app.get('/settings', settings);
  app.post('/signup', (c) => signup(c, deps));
  app.post('/token', (c) => token(c, deps));
  app.get('/user', (c) => getUser(c, deps));
  app.put('/user', (c) => updateUser(c, deps));
  app.post('/logout', (c) => logout(c, deps));
  app.all('*', notSupported);
  return app;
}
