import {
  APICallError,
  generateText,
  InvalidResponseDataError,
  JSONParseError,
  jsonSchema,
  NoContentGeneratedError,
  NoObjectGeneratedError,
  NoOutputGeneratedError,
  Output,
  TypeValidationError,
  type LanguageModel,
} from 'ai';
import type { z } from 'zod';
import type { AiConfig } from './config';

/**
 * Why a provider call failed, as the API reports it:
 * - timeout: every attempt ran out of time;
 * - rate_limited: the provider kept answering 429;
 * - unavailable: network errors or 408/409/5xx until the retries ran out;
 * - refused: another 4xx (a wrong key, a model the account cannot use): not retried;
 * - invalid_output: the answer was not the structured output asked for: not retried;
 * - aborted: the app went away.
 */
export type AiFailureKind =
  'timeout' | 'rate_limited' | 'unavailable' | 'refused' | 'invalid_output' | 'aborted';

export class AiCallError extends Error {
  constructor(
    readonly kind: AiFailureKind,
    message: string,
    readonly attempts: number,
    readonly status?: number,
    /** Seconds the provider asked us to wait (429). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AiCallError';
  }
}

const RETRYABLE_STATUS = new Set([408, 409, 429]);
/** A Retry-After longer than this ends the retries at once (the app keeps its on-device analysis). */
const MAX_RETRY_AFTER_SECONDS = 30;

function retryAfterSeconds(headers: Record<string, string> | undefined): number | undefined {
  if (!headers) return undefined;
  const get = (name: string) =>
    Object.entries(headers).find(([k]) => k.toLowerCase() === name)?.[1];
  const ms = Number(get('retry-after-ms'));
  if (Number.isFinite(ms) && ms >= 0) return Math.ceil(ms / 1000);
  const raw = get('retry-after');
  if (raw === undefined) return undefined;
  const s = Number(raw);
  if (Number.isFinite(s) && s >= 0) return Math.ceil(s);
  const date = Date.parse(raw);
  return Number.isFinite(date) ? Math.max(0, Math.ceil((date - Date.now()) / 1000)) : undefined;
}

interface Classified {
  kind: AiFailureKind;
  retryable: boolean;
  message: string;
  status?: number;
  retryAfter?: number;
}

function isOutputError(e: unknown): boolean {
  return (
    NoObjectGeneratedError.isInstance(e) ||
    NoOutputGeneratedError.isInstance(e) ||
    NoContentGeneratedError.isInstance(e) ||
    TypeValidationError.isInstance(e) ||
    JSONParseError.isInstance(e) ||
    InvalidResponseDataError.isInstance(e)
  );
}

function classify(e: unknown, timedOut: boolean, aborted: boolean): Classified {
  if (aborted) return { kind: 'aborted', retryable: false, message: 'The request was canceled' };
  if (timedOut)
    return { kind: 'timeout', retryable: true, message: 'The provider did not answer in time' };
  if (APICallError.isInstance(e)) {
    const status = e.statusCode;
    if (status === undefined)
      return { kind: 'unavailable', retryable: true, message: 'The provider could not be reached' };
    if (status >= 200 && status < 300)
      return {
        kind: 'invalid_output',
        retryable: false,
        message: 'The provider answered in an unexpected format',
        status,
      };
    if (status === 429)
      return {
        kind: 'rate_limited',
        retryable: true,
        message: 'The provider is rate-limiting requests',
        status,
        retryAfter: retryAfterSeconds(e.responseHeaders),
      };
    if (status >= 500 || RETRYABLE_STATUS.has(status))
      return {
        kind: 'unavailable',
        retryable: true,
        message: `The provider failed (HTTP ${status})`,
        status,
      };
    return {
      kind: 'refused',
      retryable: false,
      message: `The provider refused the request (HTTP ${status})`,
      status,
    };
  }
  if (isOutputError(e))
    return {
      kind: 'invalid_output',
      retryable: false,
      message: 'The provider’s answer did not match the expected structure',
    };
  if (
    e instanceof Error &&
    /fetch failed|ECONNREFUSED|ECONNRESET|socket/i.test(`${e.message} ${String(e.cause ?? '')}`)
  )
    return { kind: 'unavailable', retryable: true, message: 'The provider could not be reached' };
  throw e;
}

/** The model the provider says answered: the SDK's model id, or Gemini's `modelVersion`, which the SDK does not read. */
function reportedModel(response: { modelId: string; body?: unknown }): string {
  const body = response.body as { modelVersion?: unknown } | undefined;
  return typeof body?.modelVersion === 'string' && body.modelVersion
    ? body.modelVersion
    : response.modelId;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

export interface StructuredCall<T> {
  model: LanguageModel;
  system: string;
  prompt: string;
  /** The shape the provider is asked for. */
  jsonSchema: object;
  /** The rules its answer must pass. */
  schema: z.ZodType<T>;
  name: string;
  signal: AbortSignal;
}

export interface StructuredResult<T> {
  value: T;
  /** The model the provider says answered. */
  modelId: string;
  attempts: number;
}

/**
 * One structured answer from a provider: each attempt limited to `attemptTimeoutMs`, up to
 * `retries` more attempts after a failure that may pass (back-off 1 s doubling, or the
 * provider's Retry-After when it is longer and at most 30 s). The SDK's own retries are off
 * so the limits are exactly these.
 */
export async function generateStructured<T>(
  call: StructuredCall<T>,
  config: AiConfig,
): Promise<StructuredResult<T>> {
  const output = Output.object({
    name: call.name,
    schema: jsonSchema<T>(call.jsonSchema as Parameters<typeof jsonSchema>[0], {
      validate: (value) => {
        const r = call.schema.safeParse(value);
        return r.success ? { success: true, value: r.data } : { success: false, error: r.error };
      },
    }),
  });
  const maxAttempts = config.retries + 1;
  for (let attempt = 1; ; attempt++) {
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), config.attemptTimeoutMs);
    try {
      const r = await generateText({
        model: call.model,
        system: call.system,
        prompt: call.prompt,
        output,
        maxRetries: 0,
        abortSignal: AbortSignal.any([call.signal, timeout.signal]),
      });
      return { value: r.output, modelId: reportedModel(r.response), attempts: attempt };
    } catch (e) {
      const c = classify(e, timeout.signal.aborted && !call.signal.aborted, call.signal.aborted);
      const tooLong = c.retryAfter !== undefined && c.retryAfter > MAX_RETRY_AFTER_SECONDS;
      if (!c.retryable || attempt >= maxAttempts || tooLong)
        throw new AiCallError(c.kind, c.message, attempt, c.status, c.retryAfter);
      const wait = Math.max(config.retryDelayMs(attempt), (c.retryAfter ?? 0) * 1000);
      await sleep(wait, call.signal);
      if (call.signal.aborted)
        throw new AiCallError('aborted', 'The request was canceled', attempt);
    } finally {
      clearTimeout(timer);
    }
  }
}
