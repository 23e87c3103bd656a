import type { Context } from 'hono';
import { apiError } from '../api/respond';
import { authenticateRequest, isAuthFailure } from '../auth/request-auth';
import type { Db, Tx } from '../db/types';
import { runAsApi } from '../rest/transaction';
import type { Secrets } from '../secrets';
import { dbRefusal } from '../social/context';

export interface MarketDeps {
  db: Db;
  secrets: Secrets;
}

/** Who calls: a guest (anon key) or a signed-in user; `run` runs as them under row-level security. */
export interface MarketCaller {
  userId: string | null;
  run<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
}

async function caller(c: Context, deps: MarketDeps, signedIn: boolean): Promise<MarketCaller | Response> {
  const auth = await authenticateRequest(c, deps.secrets.jwtSecret);
  if (isAuthFailure(auth)) return apiError(c, 401, 'unauthorized', `Not authenticated: ${auth.message}`);
  if (auth.role === 'service_role') return apiError(c, 401, 'unauthorized', 'Use a user access token or the anon key');
  const userId = auth.role === 'authenticated' ? (auth.claims.sub as string) : null;
  if (signedIn && !userId) return apiError(c, 401, 'unauthorized', 'Not authenticated: sign in to publish, rate or save patterns');
  return { userId, run: (fn) => runAsApi(deps.db, auth, c.req.method, fn) };
}

/**
 * `fn` as the caller (a guest too when `signedIn` is false); a database refusal (a policy,
 * a constraint) becomes its 4xx answer.
 */
export async function asMarketCaller(
  c: Context,
  deps: MarketDeps,
  signedIn: boolean,
  fn: (caller: MarketCaller) => Promise<Response>,
): Promise<Response> {
  const who = await caller(c, deps, signedIn);
  if (who instanceof Response) return who;
  try {
    return await fn(who);
  } catch (e) {
    return dbRefusal(c, e);
  }
}
