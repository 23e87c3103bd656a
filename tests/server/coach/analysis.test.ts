/**
 * POST /api/ai-analysis and GET /api/ai-analysis/providers against in-process fakes of
 * the OpenAI, Anthropic and Gemini HTTP APIs (tests/server/coach/fakeProviders.ts says what
 * the fakes prove and what they do not). The real SDKs make real HTTP calls on loopback;
 * only the time limits are changed (10 s per attempt instead of 30 s; 300 ms where a
 * provider is made to hang) and the back-off (5 ms instead of 1 s doubling), so the retry
 * counts can be checked quickly.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { aiConfigFromEnv, coachRoutes, type AiConfig } from '../../../server/coach/routes';
import { signJwt } from '../../../server/auth/jwt';
import { RATE_RULES, rulesFromEnv } from '../../../server/limits/rules';
import { AI_ATTEMPT_TIMEOUT_MS, AI_RETRIES } from '../../../src/domain/coach/constants';
import {
  FAKE_MODEL_REPORTED,
  FAKE_PATTERN_ANSWER,
  FAKE_SESSION_ANSWER,
  startFakeProviders,
  type FakeProvider,
  type FakeProviders,
} from './fakeProviders';
import type { Db } from '../../../server/db/types';
import { BOX_SESSION } from '../../domain/coach/fixtures';
import { email, listen, openTestDb, TEST_SECRET, testSecrets, type Running } from '../helpers';

const KEYS: Record<FakeProvider, string> = {
  openai: 'sk-test-openai',
  anthropic: 'sk-ant-test',
  google: 'g-test-key',
};
const ASKED: Record<FakeProvider, string> = {
  openai: 'gpt-asked',
  anthropic: 'claude-haiku-4-5',
  google: 'gemini-asked',
};
const PROVIDERS: FakeProvider[] = ['openai', 'anthropic', 'google'];

let fakes: FakeProviders;

function testConfig(over: Partial<AiConfig> = {}): AiConfig {
  return {
    providers: Object.fromEntries(
      PROVIDERS.map((p) => [p, { apiKey: KEYS[p], baseURL: fakes.baseURL(p), model: ASKED[p] }]),
    ),
    attemptTimeoutMs: 10_000,
    retries: AI_RETRIES,
    retryDelayMs: () => 5,
    ...over,
  };
}

interface Api {
  url: string;
  stop(): Promise<void>;
}

async function startApi(config: AiConfig): Promise<Api> {
  const app = new Hono();
  // The abuse limits need the database; they are tested in the Pneuma server below.
  app.route(
    '/api/ai-analysis',
    coachRoutes({ jwtSecret: TEST_SECRET, config, limits: { hit: async () => 0 } }),
  );
  const http = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/api/ai-analysis`,
    stop: () => new Promise((resolve) => http.close(() => resolve())),
  };
}

const userToken = (sub = randomUUID()) =>
  signJwt(
    { role: 'authenticated', sub, aud: 'authenticated', session_id: randomUUID() },
    TEST_SECRET,
    600,
  );

const SESSION = {
  ...BOX_SESSION,
  duration: 112,
  cycleCount: 7,
  completed: false,
  rhythmConsistency: 86,
  qualityScore: 78,
};
const HISTORY = [
  {
    patternName: 'Box Breathing',
    duration: 160,
    cycleCount: 10,
    targetCycles: 10,
    completed: true,
    qualityScore: 90,
    createdAt: '2026-11-19T08:00:00.000Z',
  },
];
const sessionBody = (provider: string) => ({
  provider,
  analysis_type: 'session',
  session_data: { session: SESSION, history: HISTORY, totalSessions: 2 },
});
const patternBody = (provider: string) => ({
  provider,
  analysis_type: 'pattern',
  session_data: { session: SESSION, history: HISTORY, totalSessions: 2, goal: 'sleep' },
});

async function post(api: Api, body: unknown, token?: string | null, raw = false) {
  const t = token === undefined ? await userToken() : token;
  const res = await fetch(api.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(t ? { authorization: `Bearer ${t}` } : {}) },
    body: raw ? (body as string) : JSON.stringify(body),
  });
  return { res, json: (await res.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  fakes = await startFakeProviders();
});
afterAll(async () => {
  await fakes.close();
});
beforeEach(() => fakes.reset());

describe('AI analysis: each provider through its real SDK against a loopback fake', () => {
  let api: Api;
  let hangApi: Api;
  beforeAll(async () => {
    api = await startApi(testConfig());
    hangApi = await startApi(testConfig({ attemptTimeoutMs: 300 }));
  });
  afterAll(async () => {
    await api.stop();
    await hangApi.stop();
  });

  describe.each(PROVIDERS)('%s', (provider) => {
    it('a valid answer becomes the analysis, naming the provider and the model that answered', async () => {
      const { res, json } = await post(api, sessionBody(provider));
      expect(res.status).toBe(200);
      expect(json).toEqual({
        analysisType: 'session',
        provider,
        model: FAKE_MODEL_REPORTED[provider],
        ...FAKE_SESSION_ANSWER,
        overallScore: FAKE_SESSION_ANSWER.score.overall,
      });
      expect(fakes.requests).toHaveLength(1);
      const sent = fakes.requests[0]!;
      // The key travels in the provider's own header, from the server's settings only.
      const keyHeader = {
        openai: 'authorization',
        anthropic: 'x-api-key',
        google: 'x-goog-api-key',
      }[provider];
      expect(String(sent.headers[keyHeader])).toContain(KEYS[provider]);
      // Structured output was requested with our schema, and the prompt carries the measured figures.
      const text = JSON.stringify(sent.body);
      expect(text).toContain('nextSteps');
      expect(text).toContain('Cycles: 7 of 10 (ended early)');
      expect(text).toContain('Stillness: not measured');
      if (provider === 'openai')
        expect(sent.body).toMatchObject({
          model: ASKED.openai,
          response_format: { type: 'json_schema' },
        });
      if (provider === 'anthropic') expect(sent.body.tools ?? sent.body.output_config).toBeTruthy();
      if (provider === 'google') {
        expect(sent.path).toBe(`/google/v1beta/models/${ASKED.google}:generateContent`);
        expect(sent.body).toMatchObject({
          generationConfig: { responseMimeType: 'application/json' },
        });
      }
    });

    it('a suggested pattern comes back checked against the pattern schema', async () => {
      const { res, json } = await post(api, patternBody(provider));
      expect(res.status).toBe(200);
      expect(json).toEqual({
        analysisType: 'pattern',
        provider,
        model: FAKE_MODEL_REPORTED[provider],
        ...FAKE_PATTERN_ANSWER,
      });
      expect(JSON.stringify(fakes.requests[0]!.body)).toContain('Their goal: sleep.');
    });

    it('malformed output (prose, or JSON of the wrong shape) is a 502 and is not retried', async () => {
      fakes.script(provider, 'not-json');
      let r = await post(api, sessionBody(provider));
      expect(r.res.status).toBe(502);
      expect(r.json.error).toBe('ai_invalid_output');
      expect(fakes.requests).toHaveLength(1);
      fakes.reset();
      fakes.script(provider, 'wrong-shape');
      r = await post(api, sessionBody(provider));
      expect(r.res.status).toBe(502);
      expect(r.json.error).toBe('ai_invalid_output');
      expect(fakes.requests).toHaveLength(1);
    });

    it('a pattern the pattern schema refuses is malformed output', async () => {
      fakes.script(provider, {
        json: {
          ...FAKE_PATTERN_ANSWER,
          phases: [
            { type: 'inhale', duration: 4, instruction: 'In.' },
            { type: 'hold', duration: 4, instruction: 'Hold.' },
          ],
        },
      });
      const { res, json } = await post(api, patternBody(provider));
      expect(res.status).toBe(502);
      expect(json.error).toBe('ai_invalid_output');
    });

    it('a provider that never answers times out on every attempt: 1 + 3 retries, then 504', async () => {
      fakes.script(provider, 'hang');
      const started = Date.now();
      const { res, json } = await post(hangApi, sessionBody(provider));
      expect(res.status).toBe(504);
      expect(json.error).toBe('ai_timeout');
      expect(json.message).toContain('4 attempts');
      expect(fakes.requests).toHaveLength(1 + AI_RETRIES);
      expect(Date.now() - started).toBeGreaterThanOrEqual(4 * 300);
    });

    it('500 is retried: a later success is used; four failures are a 502', async () => {
      fakes.script(provider, { status: 500 }, 'valid');
      let r = await post(api, sessionBody(provider));
      expect(r.res.status).toBe(200);
      expect(fakes.requests).toHaveLength(2);
      fakes.reset();
      fakes.script(provider, { status: 500 });
      r = await post(api, sessionBody(provider));
      expect(r.res.status).toBe(502);
      expect(r.json.error).toBe('ai_unavailable');
      expect(fakes.requests).toHaveLength(1 + AI_RETRIES);
    });

    it('429 is retried after the wait the provider asks for; a long wait ends at once with Retry-After', async () => {
      fakes.script(provider, { status: 429, headers: { 'retry-after-ms': '50' } }, 'valid');
      const started = Date.now();
      let r = await post(api, sessionBody(provider));
      expect(r.res.status).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(50);
      expect(fakes.requests).toHaveLength(2);

      fakes.reset();
      fakes.script(provider, { status: 429, headers: { 'retry-after': '120' } });
      r = await post(api, sessionBody(provider));
      expect(r.res.status).toBe(503);
      expect(r.json.error).toBe('ai_rate_limited');
      expect(r.res.headers.get('retry-after')).toBe('120');
      expect(fakes.requests).toHaveLength(1);

      fakes.reset();
      fakes.script(provider, { status: 429 });
      r = await post(api, sessionBody(provider));
      expect(r.res.status).toBe(503);
      expect(fakes.requests).toHaveLength(1 + AI_RETRIES);
    });

    it('a refusal (401: a wrong key) is not retried', async () => {
      fakes.script(provider, { status: 401 });
      const { res, json } = await post(api, sessionBody(provider));
      expect(res.status).toBe(502);
      expect(json.error).toBe('ai_refused');
      expect(json.message).not.toContain(KEYS[provider]);
      expect(fakes.requests).toHaveLength(1);
    });
  });

  it('accepts the orchestrated form { provider, sessionData, analysisType }', async () => {
    const { res, json } = await post(api, {
      provider: 'openai',
      analysisType: 'session',
      sessionData: sessionBody('openai').session_data,
    });
    expect(res.status).toBe(200);
    expect(json.analysisType).toBe('session');
  });

  it('only signed-in users: no token, the anon key or a bad token get 401 and reach no provider', async () => {
    const anon = await signJwt({ role: 'anon' }, TEST_SECRET, 600);
    for (const token of [null, anon, 'not-a-jwt']) {
      const { res, json } = await post(api, sessionBody('openai'), token);
      expect(res.status).toBe(401);
      expect(json.error).toBe('unauthorized');
    }
    expect(fakes.requests).toHaveLength(0);
  });

  it('rejects bad requests with a clear message naming the field', async () => {
    const cases: [unknown, number, string, string?][] = [
      [{ ...sessionBody('openai'), provider: 'mistral' }, 400, 'validation_failed', 'provider'],
      [
        { ...sessionBody('openai'), analysis_type: 'poem' },
        400,
        'validation_failed',
        'analysis_type',
      ],
      [
        {
          ...sessionBody('openai'),
          session_data: {
            ...sessionBody('openai').session_data,
            session: { ...SESSION, cycleCount: -1 },
          },
        },
        400,
        'validation_failed',
        'session_data.session.cycleCount',
      ],
      [
        {
          ...sessionBody('openai'),
          session_data: {
            ...sessionBody('openai').session_data,
            session: { ...SESSION, email: 'a@b.c' },
          },
        },
        400,
        'validation_failed',
        'session_data.session',
      ],
      [
        {
          ...sessionBody('openai'),
          session_data: {
            ...sessionBody('openai').session_data,
            history: Array(21).fill(HISTORY[0]),
          },
        },
        400,
        'validation_failed',
        'session_data.history',
      ],
    ];
    for (const [body, status, error, field] of cases) {
      const { res, json } = await post(api, body);
      expect(res.status, JSON.stringify(json)).toBe(status);
      expect(json.error).toBe(error);
      if (field) expect(json.field).toBe(field);
    }
    const notJson = await post(api, '{"provider":', undefined, true);
    expect(notJson.res.status).toBe(400);
    expect(notJson.json.error).toBe('invalid_json');
    const huge = await post(api, { ...sessionBody('openai'), padding: 'x'.repeat(70 * 1024) });
    expect(huge.res.status).toBe(413);
    expect(fakes.requests).toHaveLength(0);
  });

  it('answers GET /providers with the configured providers and models, never a key; wrong methods get 405', async () => {
    const anon = await signJwt({ role: 'anon' }, TEST_SECRET, 600);
    const res = await fetch(`${api.url}/providers`, {
      headers: { authorization: `Bearer ${anon}` },
    });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      providers: [
        { id: 'google', model: ASKED.google },
        { id: 'openai', model: ASKED.openai },
        { id: 'anthropic', model: ASKED.anthropic },
      ],
    });
    for (const key of Object.values(KEYS)) expect(text).not.toContain(key);
    expect((await fetch(`${api.url}/providers`)).status).toBe(401);
    const get = await fetch(api.url, { headers: { authorization: `Bearer ${anon}` } });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });
});

describe('AI analysis: configuration and limits', () => {
  it('a provider without a key is not offered and cannot be asked', async () => {
    const api = await startApi(
      testConfig({
        providers: {
          anthropic: { apiKey: KEYS.anthropic, baseURL: fakes.baseURL('anthropic'), model: 'm' },
        },
      }),
    );
    try {
      const { res, json } = await post(api, sessionBody('openai'));
      expect(res.status).toBe(400);
      expect(json).toMatchObject({ error: 'provider_not_configured', field: 'provider' });
      expect(json.message).toContain('configured: anthropic');
    } finally {
      await api.stop();
    }
  });

  it('reads keys, base URLs and models from the environment, with the product limits and the per-user rule', () => {
    const c = aiConfigFromEnv({
      PNEUMA_AI_OPENAI_API_KEY: ' sk-1 ',
      PNEUMA_AI_OPENAI_BASE_URL: 'http://127.0.0.1:9/v1/',
      PNEUMA_AI_GOOGLE_API_KEY: 'g-1',
      PNEUMA_AI_GOOGLE_MODEL: 'gemini-x',
      PNEUMA_AI_ANTHROPIC_BASE_URL: 'http://ignored-without-a-key',
    });
    expect(c.providers).toEqual({
      openai: { apiKey: 'sk-1', baseURL: 'http://127.0.0.1:9/v1', model: 'gpt-4.1-mini' },
      google: { apiKey: 'g-1', baseURL: undefined, model: 'gemini-x' },
    });
    expect(rulesFromEnv({ PNEUMA_RATE_LIMIT_AI_ANALYSIS: '5/60' }).aiAnalysis).toEqual({
      limit: 5,
      windowMs: 60_000,
    });
    expect(RATE_RULES.aiAnalysis).toEqual({ limit: 30, windowMs: 3_600_000 });
    expect(c.attemptTimeoutMs).toBe(AI_ATTEMPT_TIMEOUT_MS);
    expect(AI_ATTEMPT_TIMEOUT_MS).toBe(30_000);
    expect(c.retries).toBe(3);
    expect([1, 2, 3].map(c.retryDelayMs)).toEqual([1000, 2000, 4000]);
    expect(() =>
      aiConfigFromEnv({ PNEUMA_AI_OPENAI_API_KEY: 'k', PNEUMA_AI_OPENAI_BASE_URL: 'ftp://x' }),
    ).toThrow(/http\(s\) URL/);
    expect(aiConfigFromEnv({}).providers).toEqual({});
  });

  describe('in the Pneuma server', () => {
    let db: Db;
    let dispose: () => Promise<void>;
    let running: Running;
    beforeAll(async () => {
      ({ db, dispose } = await openTestDb('pglite'));
      running = await listen(db, {
        secrets: await testSecrets(),
        ai: testConfig(),
        rateLimits: { aiAnalysis: { limit: 2, windowMs: 60_000 } },
      });
    });
    afterAll(async () => {
      await running.stop();
      await dispose();
    });

    it('is registered, and /config.json never carries a provider key', async () => {
      const config = await (await fetch(`${running.url}/config.json`)).text();
      for (const key of Object.values(KEYS)) expect(config).not.toContain(key);
      const res = await fetch(`${running.url}/api/ai-analysis/providers`, {
        headers: {
          apikey: running.secrets.anonKey,
          authorization: `Bearer ${running.secrets.anonKey}`,
        },
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { providers: unknown[] }).providers).toHaveLength(3);
    });

    // A user of the whole server signs up: the session guard on /api refuses a token whose
    // sign-in session is not open in the database (a freshly minted session_id names none).
    const signedIn = async (tag: string): Promise<string> => {
      const res = await fetch(`${running.url}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: running.secrets.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({
          email: email(`coach-${tag}`),
          password: 'slow-exhale-and-steady-9',
        }),
      });
      expect(res.status).toBe(200);
      const token = ((await res.json()) as { access_token?: string }).access_token;
      expect(token).toBeTruthy();
      return token!;
    };

    it('limits analyses per user (the aiAnalysis rule, counted in the database), not per server', async () => {
      const api: Api = { url: `${running.url}/api/ai-analysis`, stop: async () => {} };
      const alice = await signedIn('alice');
      const first = await post(api, sessionBody('anthropic'), alice);
      expect(first.res.status).toBe(200);
      expect(first.json.model).toBe(FAKE_MODEL_REPORTED.anthropic);
      expect((await post(api, sessionBody('anthropic'), alice)).res.status).toBe(200);
      const third = await post(api, sessionBody('anthropic'), alice);
      expect(third.res.status).toBe(429);
      expect(third.json.error).toBe('rate_limited');
      expect(Number(third.res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await post(api, sessionBody('anthropic'), await signedIn('bob'))).res.status).toBe(
        200,
      );
      // A token signed with the secret but naming no open sign-in session reaches no provider.
      expect((await post(api, sessionBody('anthropic'), await userToken())).res.status).toBe(401);
      expect(fakes.requests).toHaveLength(3);
    });
  });
});
