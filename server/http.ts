import type { Context } from 'hono';
import { clientAddress } from './net/client-address';
import { limitAddress } from './net/ip-ranges';
import { originAnswer } from './net/public-origin';
import type { OriginAnswer } from './net/public-origin';
import type { ProxyTrust } from './net/client-address';

export type { ProxyTrust } from './net/client-address';

/**
 * The client as rate limiting counts it: the socket peer, or through trusted proxies the
 * first untrusted hop (net/client-address), with an IPv6 address taken by its /64 and an
 * IPv4-mapped one as IPv4 (net/ip-ranges: limitAddress).
 */
export function clientIp(c: Context, trust: ProxyTrust): string {
  return limitAddress(clientAddress(c, trust));
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
 * The origin the request was addressed to: the public origin or one of its aliases (or, with
 * none configured, the loopback name it used), never a name the client made up; the origin
 * guard (net/public-origin.ts) has refused any other. For what the page on that origin uses:
 * /config.json, CORS, the SIWE domain and URI, redirect_to checks.
 */
export function requestOrigin(c: Context): string {
  return checked(originAnswer(c)).origin;
}

/**
 * The configured public origin (PNEUMA_PUBLIC_URL; with none, the request's loopback origin):
 * what every absolute URL the server gives out is built on (mailed links, the JWT iss, token
 * images).
 */
export function publicOrigin(c: Context): string {
  return checked(originAnswer(c)).primary;
}

function checked(a: OriginAnswer): { origin: string; primary: string } {
  if (!a.ok) throw new Error(`requestOrigin on a refused request: ${a.message}`);
  return a;
}
