import { AppError } from '../domain/errors/appErrors';
import { ERROR_TEXT } from '../domain/errors/messages';
import { getConfig } from './config';
import { request } from './request';
import { getSupabase } from './supabaseClient';

/** The signed-in user's access token, or 'Not authenticated'. */
export async function requireAccessToken(): Promise<string> {
  const { data } = await (await getSupabase()).auth.getSession();
  const token = data.session?.access_token;
  if (!token) throw new AppError(ERROR_TEXT.notAuthenticated, { category: 'authentication' });
  return token;
}

/**
 * A call to the server's /api: always with the public key (guests read with it alone, so
 * supabase-js is not loaded for them), with the user's access token when `signedIn`.
 * Through the request helper's generic policy; a 4xx answer is thrown as HttpError.
 */
export async function apiCall<T>(
  path: string,
  opts: { signedIn: boolean; method?: string; body?: unknown },
): Promise<T> {
  const config = getConfig();
  return request<T>(`${config.apiUrl}/api${path}`, {
    service: 'api',
    method: opts.method ?? 'GET',
    body: opts.body,
    headers: { apikey: config.supabaseAnonKey },
    ...(opts.signedIn ? { bearer: await requireAccessToken() } : {}),
  });
}
