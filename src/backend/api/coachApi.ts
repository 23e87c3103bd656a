import { getConfig } from '../config';
import { apiCall } from './apiCall';
import { AI_CLIENT_WAIT_MS, type AiProvider } from '../../domain/coach/constants';
import {
  COACH_API,
  patternResponseSchema,
  providersResponseSchema,
  sessionAnalysisResponseSchema,
  type AnalysisRequest,
  type PatternData,
  type PatternResponse,
  type ProvidersResponse,
  type SessionAnalysisResponse,
  type SessionData,
} from '../../contracts/coach';
import { HttpError } from '../../domain/errors/appErrors';

/**
 * The app's side of /api/ai-analysis. The server holds the provider keys, makes the call
 * and its retries; the app sends one request and waits for all of them. Every answer is
 * checked against the contract before it is shown.
 */

/** The signed-in user's access token (refreshed by supabase-js when needed), or null. */
export async function accessToken(): Promise<string | null> {
  const { getSupabase } = await import('../supabaseClient');
  const { data } = await (await getSupabase()).auth.getSession();
  return data.session?.access_token ?? null;
}

/** The providers the server offers (with the anon key for guests). */
export async function fetchProviders(
  token: string | null,
): Promise<ProvidersResponse['providers']> {
  const body = await apiCall(COACH_API.providers, {
    service: 'ai',
    attempts: 1,
    timeoutMs: 10_000,
    signedIn: false,
    bearer: token ?? getConfig().supabaseAnonKey,
  });
  return providersResponseSchema.parse(body).providers;
}

/** The body is what the server's analysisRequestSchema accepts (src/contracts/coach.ts). */
async function post(token: string, body: AnalysisRequest): Promise<unknown> {
  return apiCall(COACH_API.analyse, {
    service: 'ai',
    attempts: 1,
    timeoutMs: AI_CLIENT_WAIT_MS,
    signedIn: false,
    bearer: token,
    body,
  });
}

export async function analyseSession(
  token: string,
  provider: AiProvider,
  data: SessionData,
): Promise<SessionAnalysisResponse> {
  return sessionAnalysisResponseSchema.parse(
    await post(token, { provider, analysis_type: 'session', session_data: data }),
  );
}

export async function suggestPattern(
  token: string,
  provider: AiProvider,
  data: PatternData,
): Promise<PatternResponse> {
  return patternResponseSchema.parse(
    await post(token, { provider, analysis_type: 'pattern', session_data: data }),
  );
}

/** Why a call failed, in a few words for a sentence: the server's own message when it sent one. */
export function failureText(error: unknown): string {
  let text: string;
  if (error instanceof HttpError) text = error.message;
  else if (error instanceof Error && error.name === 'ZodError')
    text = 'the answer did not have the expected form';
  else text = error instanceof Error ? error.message : String(error);
  text = text.trim().replace(/[.!]+$/, '');
  // "The provider…" reads as "the provider…" inside a sentence; "HTTP 502" keeps its capitals.
  return /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}
