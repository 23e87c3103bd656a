import type { Context } from 'hono';
import { clientAddress, peerIsTrusted } from './net/client-address';
import type { ProxyTrust } from './net/client-address';

export type { ProxyTrust } from './net/client-address';

/** Client address for rate limiting: the socket peer, or through trusted proxies (see net/client-address). */
export function clientIp(c: Context, trust: ProxyTrust): string {
  return clientAddress(c, trust);
}

export type JsonBody =
  { ok: true; value: unknown; empty: boolean } | { ok: false; message: string };

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

/**
 * The origin the request came to (scheme://host:port). X-Forwarded-Proto/-Host count only
 * when the direct peer is a trusted proxy.
 */
export function requestOrigin(c: Context, trust: ProxyTrust): string {
  const url = new URL(c.req.url);
  if (peerIsTrusted(c, trust)) {
    const proto = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim();
    const host = c.req.header('x-forwarded-host')?.split(',')[0]?.trim();
    if (proto && /^https?$/.test(proto)) url.protocol = `${proto}:`;
    if (host && /^[A-Za-z0-9.:[\]-]+$/.test(host)) url.host = host;
  }
  return url.origin;
}
