import { restPath } from '../../contracts/rest';
import { AppError } from '../../domain/errors/appErrors';
import { getConfig } from '../config';
import { request } from '../request';

/**
 * The page's direct reads and writes of the database's tables (PostgREST, /rest/v1), where
 * no endpoint of the app's /api stands between: through the one request helper (its time
 * limits, retries and breaker; a 4xx thrown as HttpError with the server's body), with the
 * public key, and the user's access token when one is given (row-level security then shows
 * that user's own rows too). Sync has its own (backend/api/backendCall.ts: the service worker
 * runs it). No other module calls a table (tests/lint/directTableCalls.test.ts).
 */

/** PostgREST's query: filters (`column: 'eq.value'`, `'in.(a,b)'`, `'is.null'`), select, order, limit. */
type RowQuery = Readonly<Record<string, string>>;

const tableUrl = (table: string, query?: RowQuery) => {
  const search = query ? new URLSearchParams(query).toString() : '';
  return `${getConfig().supabaseUrl}${restPath(table)}${search ? `?${search}` : ''}`;
};

/** The rows of `table` that `query` selects (and the caller may read). */
export async function readRows<T extends object = Record<string, unknown>>(
  table: string,
  query: RowQuery,
  bearer?: string,
): Promise<T[]> {
  const { supabaseAnonKey } = getConfig();
  const body = await request<unknown>(tableUrl(table, query), {
    service: 'api',
    headers: { apikey: supabaseAnonKey },
    // A guest reads as the public role, as supabase-js does (the public key as the bearer).
    bearer: bearer ?? supabaseAnonKey,
  });
  if (!Array.isArray(body)) {
    throw new AppError(`${table}: the server's answer is not a list of rows`, {
      category: 'network',
    });
  }
  return body.filter((r): r is T => typeof r === 'object' && r !== null);
}

/** Inserts one row into `table` as the user of `bearer` (nothing is read back). */
export async function insertRow(table: string, row: object, bearer: string): Promise<void> {
  await request(tableUrl(table), {
    service: 'api',
    method: 'POST',
    headers: { apikey: getConfig().supabaseAnonKey, Prefer: 'return=minimal' },
    body: row,
    bearer,
    responseType: 'none',
  });
}

/** The signed-in user's access token, or undefined for a guest (loads the auth client). */
export async function signedInToken(): Promise<string | undefined> {
  const { getSupabase } = await import('../supabaseClient');
  const { data } = await (await getSupabase()).auth.getSession();
  return data.session?.access_token;
}
