import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/** Client address for rate limiting: socket address, or X-Forwarded-For when trusted. */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const fwd = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (fwd) return fwd;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'local';
  }
}

export type JsonBody = { ok: true; value: unknown; empty: boolean } | { ok: false; message: string };

/** Reads a JSON body; never throws. An empty body is { ok, empty }. */
export async function readJson(c: Context): Promise<JsonBody> {
  let text: string;
  try {
    text = await c.req.text();
  } catch (e) {
    return { ok: false, message: `Could not read the request body: ${(e as Error).message}` };
  }
  if (text.trim() === '') return { ok: true, value: undefined, empty: true };
  try {
    return { ok: true, value: JSON.parse(text) as unknown, empty: false };
  } catch (e) {
    return { ok: false, message: (e as Error).message };
  }
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The origin the request came to (scheme://host:port), honouring X-Forwarded-* when trusted. */
export function requestOrigin(c: Context, trustProxy: boolean): string {
  const url = new URL(c.req.url);
  if (trustProxy) {
    const proto = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim();
    const host = c.req.header('x-forwarded-host')?.split(',')[0]?.trim();
    if (proto && /^https?$/.test(proto)) url.protocol = `${proto}:`;
    if (host && /^[A-Za-z0-9.:[\]-]+$/.test(host)) url.host = host;
  }
  return url.origin;
}
