import { Hono } from 'hono';
import { requireApiKey } from './handlers/apikey';
import { logout } from './handlers/logout';
import { health, notSupported, settings } from './handlers/meta';
import { reauthenticate, recover, resend } from './handlers/recover';
import { signup } from './handlers/signup';
import { token } from './handlers/token';
import { getUser, updateUser } from './handlers/user';
import { verifyGet, verifyPost } from './handlers/verify';
import type { AuthOptions } from './options';

/**
 * /auth/v1: the subset of the Supabase Auth (GoTrue) API that supabase-js uses, with account
 * mail (confirmation, password reset, email change, reauthentication). One handler per
 * endpoint, in ./handlers. The rate limits of these paths run before them (app.ts).
 */
export function authRoutes(deps: AuthOptions): Hono {
  const app = new Hono();
  app.use('*', (c, next) => requireApiKey(c, next, deps));
  app.get('/health', health);
  app.get('/settings', (c) => settings(c, deps.confirmSignup));
  app.post('/signup', (c) => signup(c, deps));
  app.post('/token', (c) => token(c, deps));
  app.post('/recover', (c) => recover(c, deps));
  app.post('/resend', (c) => resend(c, deps));
  app.get('/verify', (c) => verifyGet(c, deps));
  app.post('/verify', (c) => verifyPost(c, deps));
  app.get('/reauthenticate', (c) => reauthenticate(c, deps));
  app.get('/user', (c) => getUser(c, deps));
  app.put('/user', (c) => updateUser(c, deps));
  app.post('/logout', (c) => logout(c, deps));
  app.all('*', notSupported);
  return app;
}
