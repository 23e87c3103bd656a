import type { RequestAuth } from '../auth/request-caller';
import type { Db, QueryResult, Tx } from '../db/types';
import { isPgError, sqlLiteral } from '../db/types';
import { fromPg, RestError } from './errors';
import { timeoutFor } from './read-limits';
import type { StatementTimeouts } from './read-limits';

/**
 * What PostgREST does at the start of each request transaction: switch to the JWT's
 * role and expose its claims to auth.uid() and the policies. The role is one of the
 * three API roles (checked by auth/request-caller.ts); the claims come from a verified JWT.
 */
export function requestSetup(
  auth: RequestAuth,
  method: string,
  timeoutMs = timeoutFor(auth.role),
  dbRole: string = auth.role,
): string {
  const sub = subject(auth);
  return (
    `select set_config('role', ${sqlLiteral(dbRole)}, true), ` +
    `set_config('request.jwt.claims', ${sqlLiteral(JSON.stringify(auth.claims))}, true), ` +
    (sub === null ? '' : `set_config('request.jwt.claim.sub', ${sqlLiteral(sub)}, true), `) +
    `set_config('request.method', ${sqlLiteral(method)}, true), set_config('statement_timeout', '${timeoutMs}ms', true)`
  );
}

/**
 * The token's subject, also set on its own as request.jwt.claim.sub (as PostgREST did before it
 * kept only the claims object): auth.uid() reads that first, so each row-level-security check
 * and column default that names it skips parsing the claims as JSON (about 10 µs of a
 * PostgreSQL upsert's 150). Null when the token has none (anon, service_role).
 */
function subject(auth: RequestAuth): string | null {
  return typeof auth.claims.sub === 'string' && auth.claims.sub !== '' ? auth.claims.sub : null;
}

/**
 * requestSetup as SET LOCAL statements, for a batch: the same settings until the batch's
 * implicit transaction ends, without a row of results to send back and decode.
 */
export function batchSetup(auth: RequestAuth, method: string, timeoutMs = timeoutFor(auth.role)): string[] {
  const sub = subject(auth);
  return [
    `set local role ${sqlLiteral(auth.role)}`,
    `set local request.jwt.claims to ${sqlLiteral(JSON.stringify(auth.claims))}`,
    ...(sub === null ? [] : [`set local request.jwt.claim.sub to ${sqlLiteral(sub)}`]),
    `set local request.method to ${sqlLiteral(method)}`,
    `set local statement_timeout to '${timeoutMs}ms'`,
  ];
}

/** A Postgres error becomes PostgREST's answer for it. */
function restFailure(e: unknown, auth: RequestAuth): unknown {
  if (e instanceof RestError) return e;
  if (isPgError(e)) return fromPg(e, auth.role);
  return e;
}

/**
 * How the database runs a request of this caller: its statement timeout (read-limits.ts), and
 * whether it is anonymous (PostgreSQL gives those a small share of its connections; the embedded
 * database's watchdog stops a statement past its timeout).
 */
function limitsFor(auth: RequestAuth, timeouts?: StatementTimeouts): { timeoutMs: number; anonymous: boolean } {
  return { timeoutMs: timeoutFor(auth.role, timeouts), anonymous: auth.role === 'anon' };
}

/**
 * Runs `fn` in one transaction as the caller (requestSetup). For work that must look at
 * a result before deciding to commit; everything else goes through runBatchAs.
 */
export async function runAs<T>(
  db: Db,
  auth: RequestAuth,
  method: string,
  fn: (tx: Tx) => Promise<T>,
  timeouts?: StatementTimeouts,
  dbRole: string = auth.role,
): Promise<T> {
  const limits = limitsFor(auth, timeouts);
  try {
    return await db.transaction(fn, requestSetup(auth, method, limits.timeoutMs, dbRole), limits);
  } catch (e) {
    throw restFailure(e, auth);
  }
}

/**
 * The database role the /api endpoints run a signed-in caller as: a member of
 * `authenticated` (every policy for it binds, auth.uid() is the caller) that alone may
 * write the tables /api owns (migration 20261127100000_one_write_path.sql). /rest/v1 never
 * uses it, so those tables have one write path: the API's, with its checks. No JWT can
 * name it (auth/request-caller.ts accepts anon, authenticated and service_role only).
 */
export const API_DB_ROLE = 'pneuma_api';

/** runAs for an /api endpoint: a signed-in caller as API_DB_ROLE, a guest as anon. */
export function runAsApi<T>(db: Db, auth: RequestAuth, method: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return runAs(db, auth, method, fn, undefined, auth.role === 'authenticated' ? API_DB_ROLE : auth.role);
}

/**
 * The caller's role and claims, then `statements` (values inlined), in ONE round trip and
 * one transaction: each statement is planned after the role is set, so grants and row-level
 * security apply exactly as in runAs. Returns the statements' results (the setup's dropped).
 */
export async function runBatchAs(
  db: Db,
  auth: RequestAuth,
  method: string,
  statements: readonly string[],
  timeouts?: StatementTimeouts,
): Promise<QueryResult<Record<string, unknown>>[]> {
  const limits = limitsFor(auth, timeouts);
  try {
    const setup = batchSetup(auth, method, limits.timeoutMs);
    const results = await db.batch([...setup, ...statements].join(';\n'), limits);
    return results.slice(setup.length);
  } catch (e) {
    throw restFailure(e, auth);
  }
}
