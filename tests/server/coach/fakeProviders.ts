/**
 * In-process fakes of the three providers' HTTP APIs on loopback, for the server tests and
 * the browser test. The real SDKs (`@ai-sdk/openai`, `@ai-sdk/anthropic`, `@ai-sdk/google`)
 * are pointed at them by base URL, so each test runs the real request building, HTTP,
 * response parsing and error handling of the SDK against answers in each API's wire format:
 *
 *   POST /openai/v1/chat/completions                       (OpenAI Chat Completions)
 *   POST /anthropic/v1/messages                            (Anthropic Messages; json tool or output_config)
 *   POST /google/v1beta/models/{model}:generateContent     (Gemini generateContent)
 *
 * What the fakes prove: the SDK calls reach the right endpoint with the key in the right
 * header and the structured-output request for our schema; the server turns a valid
 * answer into the API's response, and handles malformed output, a hang (time-out), 429 and
 * 500 as the API promises, with the retries it promises.
 * What they do not prove: that a real model follows our schema or writes good advice, the
 * providers' real rate limits, streaming, or any wire-format change the real APIs make
 * after the pinned SDK versions (the fakes answer in the formats those versions parse).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { PATTERN_SUGGESTION } from '../../domain/coach/fixtures';

export type FakeProvider = 'openai' | 'anthropic' | 'google';

/**
 * One scripted answer: 'valid' (a correct structured answer), 'not-json' (prose instead of
 * JSON), 'wrong-shape' (JSON that breaks the schema), 'hang' (never answers), `{ json }` (this
 * object as the structured answer), `{ delayMs }` (a valid answer after that wait),
 * `{ until }` (a valid answer once that promise settles), or an HTTP error status with
 * optional headers.
 */
export type FakeStep =
  | 'valid'
  | 'not-json'
  | 'wrong-shape'
  | 'hang'
  | { json: unknown }
  | { delayMs: number }
  | { until: Promise<unknown> }
  | { status: number; headers?: Record<string, string> };

type Answer = Exclude<
  FakeStep,
  'hang' | { status: number } | { delayMs: number } | { until: Promise<unknown> }
>;

export interface RecordedRequest {
  provider: FakeProvider;
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

/** What a valid fake answer says (fixed, so tests can recognise it on screen). */
export const FAKE_SESSION_ANSWER = {
  analysis: 'Fake provider analysis: a steady session of box breathing.',
  score: { overall: 64, focus: 58, consistency: 71, progress: 52 },
  suggestions: ['Fake provider suggestion: lengthen the exhale a little.'],
  nextSteps: ['Fake provider next step: practise again tomorrow.'],
  encouragement: 'Fake provider encouragement: well done.',
};

export const FAKE_PATTERN_ANSWER = PATTERN_SUGGESTION;

/** The model name each fake reports as having answered (differs from the one asked for). */
export const FAKE_MODEL_REPORTED: Record<FakeProvider, string> = {
  openai: 'fake-gpt-reported',
  anthropic: 'fake-claude-reported',
  google: 'fake-gemini-reported',
};

function answerFor(body: Record<string, unknown>): unknown {
  return JSON.stringify(body).includes('"phases"') ? FAKE_PATTERN_ANSWER : FAKE_SESSION_ANSWER;
}

const WRONG_SHAPE = {
  analysis: 'Looks fine',
  score: { overall: 'high' },
  suggestions: 'breathe more',
};
const NOT_JSON = 'I think your session went really well! Keep breathing.';

function payloadText(step: Answer, body: Record<string, unknown>): string {
  if (step === 'not-json') return NOT_JSON;
  if (typeof step === 'object') return JSON.stringify(step.json);
  return JSON.stringify(step === 'valid' ? answerFor(body) : WRONG_SHAPE);
}

function envelope(provider: FakeProvider, step: Answer, body: Record<string, unknown>): unknown {
  const text = payloadText(step, body);
  const model = FAKE_MODEL_REPORTED[provider];
  if (provider === 'openai')
    return {
      id: 'chatcmpl-fake',
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
    };
  if (provider === 'anthropic') {
    const tools = Array.isArray(body.tools) ? (body.tools as { name?: string }[]) : [];
    const jsonTool = tools.find((t) => t.name === 'json');
    const content =
      jsonTool && step !== 'not-json'
        ? [{ type: 'tool_use', id: 'toolu_fake', name: 'json', input: JSON.parse(text) }]
        : [{ type: 'text', text }];
    return {
      id: 'msg_fake',
      type: 'message',
      role: 'assistant',
      model,
      content,
      stop_reason: content[0]!.type === 'tool_use' ? 'tool_use' : 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: 10, output_tokens: 10 },
    };
  }
  return {
    candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 10, totalTokenCount: 20 },
    modelVersion: model,
  };
}

function errorBody(provider: FakeProvider, status: number): unknown {
  const message = `fake ${status}`;
  if (provider === 'openai') return { error: { message, type: 'server_error', code: null } };
  if (provider === 'anthropic')
    return {
      type: 'error',
      error: { type: status === 429 ? 'rate_limit_error' : 'api_error', message },
    };
  return {
    error: { code: status, message, status: status === 429 ? 'RESOURCE_EXHAUSTED' : 'INTERNAL' },
  };
}

function providerOf(path: string): FakeProvider | null {
  if (path === '/openai/v1/chat/completions') return 'openai';
  if (path === '/anthropic/v1/messages') return 'anthropic';
  if (/^\/google\/v1beta\/models\/[^/]+:generateContent$/.test(path)) return 'google';
  return null;
}

export interface FakeProviders {
  url: string;
  /** The base URL to configure for a provider (what PNEUMA_AI_<P>_BASE_URL would hold). */
  baseURL(provider: FakeProvider): string;
  /** Answers for the next requests, in order; the last step repeats. */
  script(provider: FakeProvider, ...steps: FakeStep[]): void;
  requests: RecordedRequest[];
  reset(): void;
  close(): Promise<void>;
}

export async function startFakeProviders(): Promise<FakeProviders> {
  const scripts = new Map<FakeProvider, FakeStep[]>();
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();

  const handle = (req: IncomingMessage, res: ServerResponse, raw: string) => {
    const path = (req.url ?? '').split('?')[0]!;
    const provider = req.method === 'POST' ? providerOf(path) : null;
    if (!provider) {
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end('{"error":"no such fake endpoint"}');
      return;
    }
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      // recorded as empty
    }
    requests.push({ provider, path, headers: req.headers, body });
    const steps = scripts.get(provider) ?? ['valid'];
    const step = steps.length > 1 ? steps.shift()! : steps[0]!;
    if (step === 'hang') return; // never answers; the socket is destroyed on close()
    if (typeof step === 'object' && 'status' in step) {
      res.writeHead(step.status, { 'content-type': 'application/json', ...step.headers });
      res.end(JSON.stringify(errorBody(provider, step.status)));
      return;
    }
    const answer = (a: Answer) =>
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(envelope(provider, a, body)));
    if (typeof step === 'object' && 'delayMs' in step)
      setTimeout(() => answer('valid'), step.delayMs);
    else if (typeof step === 'object' && 'until' in step)
      void step.until.finally(() => answer('valid'));
    else answer(step);
  };

  const server: Server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (d: string) => (raw += d));
    req.on('end', () => handle(req, res, raw));
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    baseURL: (p) => `${url}/${p}/${p === 'google' ? 'v1beta' : 'v1'}`,
    script: (p, ...steps) => scripts.set(p, steps.length > 0 ? steps : ['valid']),
    requests,
    reset: () => {
      scripts.clear();
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
