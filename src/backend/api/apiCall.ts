import {
  API_PREFIX,
  apiPath,
  type AnswerOf,
  type BodyOf,
  type Endpoint,
} from '../../contracts/endpoint';
import { AppError } from '../../domain/errors/appErrors';
import { ERROR_TEXT } from '../../domain/errors/messages';
import { getConfig } from '../config';
import { request, type RequestOptions } from '../request';
import { getSupabase } from '../supabaseClient';

/** The signed-in user's access token, or 'Not authenticated'. */
export async function requireAccessToken(): Promise<string> {
  const { data } = await (await getSupabase()).auth.getSession();
  const token = data.session?.access_token;
  if (!token) throw new AppError(ERROR_TEXT.notAuthenticated, { category: 'authentication' });
  return token;
}

/** How one call to the app's own /api is made (the request helper's options, the token aside). */
export interface ApiCallOptions<Body = unknown> extends Pick<
  RequestOptions,
  'service' | 'attempts' | 'timeoutMs' | 'cache' | 'signal'
> {
  /** With the signed-in user's access token ('Not authenticated' without one). */
  signedIn: boolean;
  /** The values of the endpoint's `:name` path parameters (a missing one throws). */
  params?: Readonly<Record<string, string>>;
  /** The endpoint's body (its contract's type). */
  body?: Body;
  /** Search parameters (left out when empty); a list is sent comma-separated (`?patterns=a,b`). */
  query?: Readonly<Record<string, string | readonly string[]>>;
  /** A token the caller already holds (instead of the signed-in user's). */
  bearer?: string;
}

/**
 * The one call to the server's /api (every module of the app's own API goes through it;
 * tests/lint/ownApiCalls.test.ts refuses a plain fetch of an own path elsewhere), to an
 * endpoint of the contracts (src/contracts: its method and path, the server serves the same):
 * always with the public key (guests read with it alone, so supabase-js is not loaded for
 * them), with the user's access token when `signedIn`. Through the request helper's policy
 * of `service` (generic 'api' by default); a 4xx answer is thrown as HttpError with the
 * server's message (the one error reader: ./requester/body.ts).
 */
export function apiCall<E extends Endpoint>(
  endpoint: E,
  opts: ApiCallOptions<BodyOf<E>> & { responseType: 'response' },
): Promise<Response>;
export function apiCall<E extends Endpoint>(
  endpoint: E,
  opts: ApiCallOptions<BodyOf<E>> & { responseType: 'none' },
): Promise<void>;
export function apiCall<E extends Endpoint>(
  endpoint: E,
  opts: ApiCallOptions<BodyOf<E>> & { responseType?: 'json' },
): Promise<AnswerOf<E>>;
export async function apiCall(
  endpoint: Endpoint,
  opts: ApiCallOptions & { responseType?: 'json' | 'none' | 'response' },
): Promise<unknown> {
  const config = getConfig();
  const { signedIn, bearer, params, query, ...options } = opts;
  const search = Object.entries(query ?? {})
    .map(
      ([k, v]) =>
        `${encodeURIComponent(k)}=${typeof v === 'string' ? encodeURIComponent(v) : v.map(encodeURIComponent).join(',')}`,
    )
    .join('&');
  const path = apiPath(endpoint.path, params ?? {});
  return request<unknown>(`${config.apiUrl}${API_PREFIX}${path}${search ? `?${search}` : ''}`, {
    service: 'api',
    ...options,
    method: endpoint.method,
    headers: { apikey: config.supabaseAnonKey },
    ...(bearer ? { bearer } : signedIn ? { bearer: await requireAccessToken() } : {}),
  });
}
