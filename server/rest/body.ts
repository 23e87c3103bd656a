import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

type OnTooBig = NonNullable<Parameters<typeof bodyLimit>[0]['onError']>;

/** The Node request under @hono/node-server; undefined elsewhere (app.request() in tests). */
function nodeRequest(c: Context): IncomingMessage | undefined {
  return (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
}

/**
 * The /rest/v1 body limit. A request that states its length is judged by that header alone,
 * so the body is not wrapped in a second stream before readRestText reads it once from the
 * socket (Node's parser never delivers more than the stated length). One without a length
 * (chunked) is counted as it streams, by Hono's bodyLimit.
 */
export function restBodyLimit(maxSize: number, onTooBig: OnTooBig): MiddlewareHandler {
  const streamed = bodyLimit({ maxSize, onError: onTooBig });
  return async (c, next) => {
    const length = c.req.header('content-length');
    if (nodeRequest(c) && length !== undefined && /^\d{1,15}$/.test(length.trim()) && c.req.header('transfer-encoding') === undefined) {
      if (Number(length) > maxSize) return onTooBig(c);
      return next();
    }
    return streamed(c, next);
  };
}

/**
 * The request body as text, read straight from the Node request when nothing has started
 * reading it yet (no Request object built around it), else through Hono. A leading byte
 * order mark is dropped, as the Fetch API's text() drops it.
 */
export async function readRestText(c: Context): Promise<string> {
  const req = nodeRequest(c);
  if (!req || req.readableFlowing !== null || req.readableEnded || c.req.header('content-length') === undefined) {
    return c.req.text();
  }
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
