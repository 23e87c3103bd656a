import type { Context } from 'hono';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { AI_PROVIDER_LABELS, type AiProvider } from '../../src/domain/coach/constants';
import { API_PREFIX, pathWithin, type Endpoint } from '../../src/contracts/endpoint';
import {
  analysisRequestSchema,
  COACH_API,
  COACH_MOUNT,
  normalizeAnalysisRequest,
  PATTERN_OUTPUT_JSON_SCHEMA,
  patternOutputSchema,
  SESSION_OUTPUT_JSON_SCHEMA,
  sessionOutputSchema,
  type AnalysisRequest,
} from '../../src/contracts/coach';
import { ANYONE, apiError, apiWho, jsonBody, SIGNED_IN, validationFailed } from '../api/respond';
import type { Limits } from '../limits/limiter';
import { configuredProviders, type AiConfig, type ProviderSettings } from './config';
import { AiCallError, generateStructured, type AiFailureKind } from './generate';
import { languageModel } from './models';
import { PATTERN_SYSTEM, patternPrompt, SESSION_SYSTEM, sessionPrompt } from './prompts';

export interface CoachRoutesOptions {
  jwtSecret: string;
  config: AiConfig;
  /** The server's abuse limits: the `aiAnalysis` rule counts analyses per user. */
  limits: Pick<Limits, 'hit'>;
}

/** Largest request body: a session, 20 history items and their text fit many times over. */
export const AI_BODY_LIMIT = 64 * 1024;

const FAILURE_STATUS: Record<AiFailureKind, { status: ContentfulStatusCode; error: string }> = {
  timeout: { status: 504, error: 'ai_timeout' },
  rate_limited: { status: 503, error: 'ai_rate_limited' },
  unavailable: { status: 502, error: 'ai_unavailable' },
  refused: { status: 502, error: 'ai_refused' },
  invalid_output: { status: 502, error: 'ai_invalid_output' },
  aborted: { status: 503, error: 'aborted' },
};

async function analyse(
  req: AnalysisRequest,
  settings: ProviderSettings,
  config: AiConfig,
  signal: AbortSignal,
) {
  const model = languageModel(req.provider, settings);
  const answeredBy = (modelId: string) => ({
    provider: req.provider,
    model: modelId || settings.model,
  });
  if (req.analysis_type === 'session') {
    const r = await generateStructured(
      {
        model,
        system: SESSION_SYSTEM,
        prompt: sessionPrompt(req.session_data),
        jsonSchema: SESSION_OUTPUT_JSON_SCHEMA,
        schema: sessionOutputSchema,
        name: 'session_analysis',
        signal,
      },
      config,
    );
    return {
      analysisType: 'session' as const,
      ...answeredBy(r.modelId),
      ...r.value,
      overallScore: r.value.score.overall,
    };
  }
  const r = await generateStructured(
    {
      model,
      system: PATTERN_SYSTEM,
      prompt: patternPrompt(req.session_data),
      jsonSchema: PATTERN_OUTPUT_JSON_SCHEMA,
      schema: patternOutputSchema,
      name: 'breathing_pattern',
      signal,
    },
    config,
  );
  return { analysisType: 'pattern' as const, ...answeredBy(r.modelId), ...r.value };
}

function failure(c: Context, provider: AiProvider, e: AiCallError): Response {
  const { status, error } = FAILURE_STATUS[e.kind];
  const tries = e.attempts === 1 ? '1 attempt' : `${e.attempts} attempts`;
  console.warn(
    `POST /api/ai-analysis: ${provider} ${e.kind} after ${tries}${e.status ? ` (HTTP ${e.status})` : ''}`,
  );
  if (e.retryAfterSeconds !== undefined) c.header('Retry-After', String(e.retryAfterSeconds));
  return apiError(c, status, error, `${e.message} after ${tries}`);
}

/**
 * /api/ai-analysis (docs/product.md § AI coaching):
 * - `GET /providers` (anon key or user token): the providers this server has keys for and
 *   the model each uses, so the app offers only those. Never a key.
 * - `POST /` (user token only; the per-user `aiAnalysis` limit): `{ provider, analysis_type, session_data }`
 *   or `{ provider, analysisType, sessionData }`; the provider's structured answer checked
 *   against the contract, with the provider and model that answered.
 */
/** An endpoint's path within the coach's mount point (server/app.ts mounts it at /api + COACH_MOUNT). */
const within = (ep: Endpoint): string => pathWithin(COACH_MOUNT, ep.path);

export function coachRoutes({ jwtSecret, config, limits }: CoachRoutesOptions): Hono {
  const app = new Hono();

  app.on(COACH_API.providers.method, within(COACH_API.providers), async (c) => {
    const who = await apiWho(c, jwtSecret, ANYONE);
    if (who instanceof Response) return who;
    const providers = configuredProviders(config).map((id) => ({
      id,
      model: config.providers[id]!.model,
    }));
    return c.json({ providers }, 200, { 'Cache-Control': 'no-store' });
  });

  app.on(
    COACH_API.analyse.method,
    within(COACH_API.analyse),
    bodyLimit({
      maxSize: AI_BODY_LIMIT,
      onError: (c) =>
        apiError(c, 413, 'payload_too_large', `The body is larger than ${AI_BODY_LIMIT} bytes`),
    }),
    async (c) => {
      const who = await apiWho(c, jwtSecret, SIGNED_IN);
      if (who instanceof Response) return who;
      const body = await jsonBody(c);
      if (body instanceof Response) return body;
      const parsed = analysisRequestSchema.safeParse(normalizeAnalysisRequest(body.value));
      if (!parsed.success) return validationFailed(c, parsed.error);
      const req = parsed.data;
      const settings = config.providers[req.provider];
      if (!settings) {
        const offered = configuredProviders(config);
        return apiError(
          c,
          400,
          'provider_not_configured',
          `${AI_PROVIDER_LABELS[req.provider]} is not configured on this server (${
            offered.length ? `configured: ${offered.join(', ')}` : 'no provider is configured'
          })`,
          'provider',
        );
      }
      const wait = await limits.hit('aiAnalysis', String(who.userId));
      if (wait > 0) {
        c.header('Retry-After', String(wait));
        return apiError(c, 429, 'rate_limited', `Too many analyses: try again in ${wait} s`);
      }
      try {
        return c.json(await analyse(req, settings, config, c.req.raw.signal));
      } catch (e) {
        if (e instanceof AiCallError) return failure(c, req.provider, e);
        throw e;
      }
    },
  );

  for (const ep of [COACH_API.analyse, COACH_API.providers]) {
    app.all(within(ep), (c) => {
      c.header('Allow', ep.method);
      return apiError(c, 405, 'method_not_allowed', `Use ${ep.method} for ${API_PREFIX}${ep.path}`);
    });
  }
  return app;
}

export { aiConfigFromEnv, type AiConfig } from './config';
