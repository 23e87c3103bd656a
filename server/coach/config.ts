import {
  AI_ATTEMPT_TIMEOUT_MS,
  AI_PROVIDERS,
  AI_RETRIES,
  aiRetryDelayMs,
  type AiProvider,
} from '../../src/domain/coach/constants';
import { optionalHttpUrl } from '../net/httpUrl';

/** One configured provider: its key (server-side only), an optional base URL, the model to ask. */
export interface ProviderSettings {
  apiKey: string;
  /** Another endpoint speaking the same API (a proxy, a gateway, a test fake). */
  baseURL?: string;
  model: string;
}

export interface AiConfig {
  /** Configured providers only; the order is the order of AI_PROVIDERS. */
  providers: Partial<Record<AiProvider, ProviderSettings>>;
  /** One attempt's time limit (30 s; tests shorten it). */
  attemptTimeoutMs: number;
  /** Retries after a failure that may pass (3). */
  retries: number;
  /** Wait before retry n (1-based). */
  retryDelayMs: (retryNumber: number) => number;
}

export const DEFAULT_MODELS: Readonly<Record<AiProvider, string>> = Object.freeze({
  google: 'gemini-2.5-flash',
  openai: 'gpt-4.1-mini',
  anthropic: 'claude-haiku-4-5',
});

const ENV_PREFIX: Readonly<Record<AiProvider, string>> = Object.freeze({
  google: 'PNEUMA_AI_GOOGLE',
  openai: 'PNEUMA_AI_OPENAI',
  anthropic: 'PNEUMA_AI_ANTHROPIC',
});

/** A provider's base URL (an http(s) URL; trailing slashes dropped), or undefined. */
const baseUrl = (value: string | undefined, name: string): string | undefined =>
  optionalHttpUrl(value, name)?.replace(/\/+$/, '');

/**
 * The AI settings from the server's environment (never from the client, never in
 * /config.json): per provider `PNEUMA_AI_<PROVIDER>_API_KEY` (required to offer it),
 * `_BASE_URL` and `_MODEL`. (The per-user limit is the `aiAnalysis` rule of limits/rules.ts.)
 */
export function aiConfigFromEnv(env: NodeJS.ProcessEnv): AiConfig {
  const providers: AiConfig['providers'] = {};
  for (const id of AI_PROVIDERS) {
    const prefix = ENV_PREFIX[id];
    const apiKey = env[`${prefix}_API_KEY`]?.trim();
    if (!apiKey) continue;
    providers[id] = {
      apiKey,
      baseURL: baseUrl(env[`${prefix}_BASE_URL`], `${prefix}_BASE_URL`),
      model: env[`${prefix}_MODEL`]?.trim() || DEFAULT_MODELS[id],
    };
  }
  return {
    providers,
    attemptTimeoutMs: AI_ATTEMPT_TIMEOUT_MS,
    retries: AI_RETRIES,
    retryDelayMs: aiRetryDelayMs,
  };
}

/** The configured providers, in the app's order. */
export function configuredProviders(config: AiConfig): AiProvider[] {
  return AI_PROVIDERS.filter((id) => config.providers[id] !== undefined);
}
