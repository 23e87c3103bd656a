import type { RequestAuth } from '../auth/request-auth';
import type { Db, Tx } from '../db/types';
import { isPgError, sqlLiteral } from '../db/types';
import { fromPg, RestError } from './errors';

/**
 * What PostgREST does at the start of each request transaction: switch to the JWT's
 * role and expose its claims to auth.uid() and the policies. The role is one of the
 * three API roles (checked by authenticateRequest); the claims come from a verified JWT.
 */
export function requestSetup(auth: RequestAuth, method: string): string {
  return (
    `select set_config('role', ${sqlLiteral(auth.role)}, true), ` +
    `set_config('request.jwt.claims', ${sqlLiteral(JSON.stringify(auth.claims))}, true), ` +
    `set_config('request.method', ${sqlLiteral(method)}, true), set_config('statement_timeout', '15s', true)`
  );
}

/**
 * Runs `fn` in one transaction as the caller (requestSetup); a Postgres error becomes
 * PostgREST's answer for it.
 */
export async function runAs<T>(
  db: Db,
  auth: RequestAuth,
  method: string,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction(fn, requestSetup(auth, method));
  } catch (e) {
    if (e instanceof RestError) throw e;
    if (isPgError(e)) throw fromPg(e, auth.role);
    throw e;
  }
}
