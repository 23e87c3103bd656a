import { getConfig } from '../../backend/config';
import { request } from '../../backend/request';
import { getSupabase } from '../../backend/supabaseClient';
import {
  marketQueryParams,
  type CreatorOverview,
  type MarketPage,
  type MarketPattern,
  type MarketPublishInput,
  type MarketQuery,
  type MarketUseKind,
} from '../../domain/marketplace/contract';
import { AppError } from '../../domain/errors/appErrors';
import { ERROR_TEXT } from '../../domain/errors/messages';

/**
 * The marketplace API (server/market). Guests read with the public key alone (supabase-js
 * is not loaded for them); a signed-in user's calls carry their access token. Calls go
 * through the request helper's generic policy (retries, circuit breaker); a 4xx answer is
 * thrown as HttpError with the server's message.
 */

async function accessToken(): Promise<string> {
  const { data } = await (await getSupabase()).auth.getSession();
  const token = data.session?.access_token;
  if (!token) throw new AppError(ERROR_TEXT.notAuthenticated, { category: 'authentication' });
  return token;
}

async function call<T>(path: string, opts: { signedIn: boolean; method?: string; body?: unknown }): Promise<T> {
  const config = getConfig();
  return request<T>(`${config.apiUrl}/api/market${path}`, {
    service: 'api',
    method: opts.method ?? 'GET',
    body: opts.body,
    headers: { apikey: config.supabaseAnonKey },
    ...(opts.signedIn ? { bearer: await accessToken() } : {}),
  });
}

const signedIn = { signedIn: true } as const;

export const marketApi = {
  list: (q: MarketQuery, asUser: boolean) => {
    const qs = new URLSearchParams(marketQueryParams(q)).toString();
    return call<MarketPage>(`/patterns${qs ? `?${qs}` : ''}`, { signedIn: asUser });
  },
  publish: (input: MarketPublishInput) =>
    call<{ pattern: MarketPattern; role: CreatorOverview['role'] }>('/patterns', { ...signedIn, method: 'POST', body: input }),
  unpublish: (id: string) => call<void>(`/patterns/${id}`, { ...signedIn, method: 'DELETE' }),
  rate: (id: string, rating: number) =>
    call<{ pattern: MarketPattern }>(`/patterns/${id}/rating`, { ...signedIn, method: 'PUT', body: { rating } }),
  recordUse: (id: string, kind: MarketUseKind, copyId?: string) =>
    call<{ counted: boolean; pattern: MarketPattern }>(`/patterns/${id}/uses`, {
      ...signedIn,
      method: 'POST',
      body: kind === 'add' ? { kind, copyId } : { kind },
    }),
  mine: () => call<CreatorOverview>('/mine', signedIn),
};

/** Query keys of the marketplace's server state. */
export const marketKeys = {
  all: ['market'] as const,
  list: (q: MarketQuery, userId: string | null) => ['market', 'list', userId, marketQueryParams(q)] as const,
  mine: (userId: string) => ['market', 'mine', userId] as const,
};
