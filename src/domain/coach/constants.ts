/**
 * AI coaching constants (docs/product.md § AI coaching). Pure. Shared by the server (which
 * calls the providers) and the app (which waits for the server).
 */
import { GENERIC_RETRY_POLICY, backoffDelay } from '../retry';

/** The supported providers, in the order the app offers them. */
export const AI_PROVIDERS = ['google', 'openai', 'anthropic'] as const;
export type AiProvider = (typeof AI_PROVIDERS)[number];

export const AI_PROVIDER_LABELS: Readonly<Record<AiProvider, string>> = Object.freeze({
  google: 'Google Gemini',
  openai: 'OpenAI',
  anthropic: 'Anthropic Claude',
});

export function isAiProvider(value: unknown): value is AiProvider {
  return typeof value === 'string' && (AI_PROVIDERS as readonly string[]).includes(value);
}

/** One call to a provider may take at most 30 s. */
export const AI_ATTEMPT_TIMEOUT_MS = 30_000;
/** A failed call that may succeed later (time-out, 408, 409, 429, 5xx, network) is retried 3 times. */
export const AI_RETRIES = 3;

/** Wait before retry `n` (1-based): the generic back-off, 1 s doubling, at most 30 s. */
export function aiRetryDelayMs(retryNumber: number): number {
  return backoffDelay(GENERIC_RETRY_POLICY, retryNumber - 1);
}

/**
 * How long the app waits for the server's answer: every attempt at its full time limit
 * plus every back-off, plus a margin for the server's own work. The server does the
 * retries; the app sends one request.
 */
export const AI_CLIENT_WAIT_MS = (() => {
  let total = (AI_RETRIES + 1) * AI_ATTEMPT_TIMEOUT_MS + 10_000;
  for (let n = 1; n <= AI_RETRIES; n++) total += aiRetryDelayMs(n);
  return total;
})();

/** Combined score = 70 % of the provider's overall score + 30 % of measured stillness. */
export const COMBINED_AI_WEIGHT = 0.7;
export const COMBINED_STILLNESS_WEIGHT = 0.3;
