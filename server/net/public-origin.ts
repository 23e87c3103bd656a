import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { peerIsTrusted } from './client-address';
import type { ProxyTrust } from './client-address';

/**
 * The origins this server answers for (docs/product.md § Security, Origin). One configured
 * public origin builds every absolute URL the server gives out (mailed links, the JWT `iss`,
 * token images); the aliases are other names the same app is served on (the page's own
 * origin for /config.json, CORS, the SIWE domain and redirect_to checks). With no public
 * origin configured the server answers only for the loopback names (localhost, 127.0.0.1,
 * [::1]) on the port a request arrived on: what `npm start`, the tests and the benchmarks use.
 * A request naming any other authority (Host header, absolute-form target, or a trusted
 * proxy's X-Forwarded-Host) is refused with 400, which also closes DNS rebinding.
 */
export interface PublicOrigins {
  /** The configured public origin (scheme://host[:port]), or null for the loopback default. */
  readonly primary: string | null;
  /** Every configured origin: the primary first, then the aliases. */
  readonly all: readonly string[];
}

/** The loopback names the default accepts (URL hostnames: IPv6 in brackets). */
export const LOOPBACK_NAMES: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/** What a request resolves to: the origin it was addressed to (one of ours) and the public one. */
export type OriginAnswer =
  | { ok: true; origin: string; primary: string }
  | { ok: false; message: string };

declare module 'hono' {
  interface ContextVariableMap {
    pneumaOrigin: OriginAnswer;
  }
}

/** An http(s) origin with no path, query or credentials; throws with the setting's name. */
function parseOrigin(value: string, setting: string): string {
  let u: URL;
  try {
    u = new URL(value.trim());
  } catch {
    throw new Error(`${setting}: "${value}" is not a URL (use e.g. https://pneuma.example)`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:')
    throw new Error(`${setting}: "${value}" must start with http:// or https://`);
  if (u.username || u.password || (u.pathname !== '/' && u.pathname !== '') || u.search || u.hash)
    throw new Error(`${setting}: "${value}" must be an origin only (scheme://host[:port], no path)`);
  return u.origin;
}

/** Compiles the public origin and its aliases (PNEUMA_PUBLIC_URL, PNEUMA_PUBLIC_ALIASES). */
export function compilePublicOrigins(
  publicUrl?: string | null,
  aliases: readonly string[] = [],
): PublicOrigins {
  const primary = publicUrl?.trim() ? parseOrigin(publicUrl, 'PNEUMA_PUBLIC_URL') : null;
  const extra = aliases.map((a) => a.trim()).filter(Boolean);
  if (!primary && extra.length > 0)
    throw new Error('PNEUMA_PUBLIC_ALIASES needs PNEUMA_PUBLIC_URL (the origin mailed links use)');
  const all = primary ? [primary, ...extra.map((a) => parseOrigin(a, 'PNEUMA_PUBLIC_ALIASES'))] : [];
  return { primary, all: [...new Set(all)] };
}

/** PNEUMA_PUBLIC_URL and the comma-separated PNEUMA_PUBLIC_ALIASES from the environment. */
export function publicOriginsFromEnv(env: NodeJS.ProcessEnv): PublicOrigins {
  return compilePublicOrigins(env.PNEUMA_PUBLIC_URL, (env.PNEUMA_PUBLIC_ALIASES ?? '').split(','));
}

/** The rightmost entry of a comma-separated forwarded header: the one the trusted proxy wrote. */
function rightmost(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const last = value.split(',').pop()?.trim();
  return last || undefined;
}

/** The authority as a URL host under `scheme` (lower-case, default port dropped), or null. */
function hostUnder(authority: string, scheme: string): string | null {
  if (!/^[A-Za-z0-9.:[\]-]+$/.test(authority)) return null;
  try {
    const u = new URL(`${scheme}//${authority}`);
    return u.username || u.password || u.pathname !== '/' ? null : u.host;
  } catch {
    return null;
  }
}

/** What a request says about where it was sent. */
export interface Addressed {
  /** The Host header (or the URL's host for an in-process request without one). */
  host: string | null;
  /** The authority of an absolute-form request target (`POST http://x/...`), if one was sent. */
  absolute: string | null;
  /** A trusted proxy's X-Forwarded-Host and -Proto (rightmost entries), when the peer is trusted. */
  forwardedHost: string | null;
  forwardedProto: string | null;
  /** The port the connection arrived on; null for an in-process request (tests, app.request). */
  localPort: number | null;
  /** The connection itself is TLS. */
  encrypted: boolean;
}

/** Reads where a request was sent: the raw Node request when there is one, else the URL. */
export function addressed(c: Context, trust: ProxyTrust): Addressed {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  const url = new URL(c.req.url);
  const raw = incoming?.url ?? '';
  const absolute = /^https?:\/\//i.test(raw) ? url.host : null;
  const trusted = peerIsTrusted(c, trust);
  const socket = incoming?.socket as (IncomingMessage['socket'] & { encrypted?: boolean }) | undefined;
  return {
    host: incoming ? (incoming.headers.host ?? null) : (c.req.header('host') ?? url.host),
    absolute,
    forwardedHost: trusted ? (rightmost(c.req.header('x-forwarded-host')) ?? null) : null,
    forwardedProto: trusted ? (rightmost(c.req.header('x-forwarded-proto'))?.toLowerCase() ?? null) : null,
    localPort: socket?.localPort ?? null,
    encrypted: socket?.encrypted === true,
  };
}

const shown = (s: string) => JSON.stringify(s.length > 100 ? `${s.slice(0, 100)}…` : s);

/**
 * Resolves a request against the origins: every authority it names must be one of ours, and
 * the one it was served under (a trusted proxy's forwarded host, else the absolute target or
 * the Host header) picks the origin.
 */
export function resolveOrigin(origins: PublicOrigins, a: Addressed): OriginAnswer {
  const served = a.forwardedHost ?? a.absolute ?? a.host;
  if (!served) return { ok: false, message: 'The request names no host' };
  const names = [served];
  if (a.absolute && a.absolute !== served) names.push(a.absolute);
  if (!a.forwardedHost && a.host && a.host !== served) names.push(a.host);
  const scheme = a.forwardedProto === 'https' || a.forwardedProto === 'http' ? `${a.forwardedProto}:` : a.encrypted ? 'https:' : 'http:';
  const match = (authority: string): string | null => {
    if (origins.primary) {
      // A host under several schemes (http and https aliases): the one the request came over first.
      const candidates = origins.all.filter((o) => hostUnder(authority, new URL(o).protocol) === new URL(o).host);
      return candidates.find((o) => o.startsWith(scheme)) ?? candidates[0] ?? null;
    }
    const host = hostUnder(authority, scheme);
    if (!host) return null;
    const u = new URL(`${scheme}//${host}`);
    if (!LOOPBACK_NAMES.includes(u.hostname)) return null;
    const port = Number(u.port || (scheme === 'https:' ? 443 : 80));
    if (a.localPort !== null && !a.forwardedHost && port !== a.localPort) return null;
    return u.origin;
  };
  let origin: string | null = null;
  for (const name of names) {
    const m = match(name);
    if (!m) {
      const expected = origins.primary
        ? `it answers only for ${origins.all.join(', ')} (PNEUMA_PUBLIC_URL, PNEUMA_PUBLIC_ALIASES)`
        : `with no PNEUMA_PUBLIC_URL set it answers only for localhost, 127.0.0.1 and [::1]${a.localPort !== null ? ` on port ${a.localPort}` : ''}`;
      return { ok: false, message: `This server does not answer for the host ${shown(name)}: ${expected}` };
    }
    origin ??= m;
  }
  return { ok: true, origin: origin!, primary: origins.primary ?? origin! };
}

/** Health checks build no URL and probes often use an internal address: they skip the check. */
const UNCHECKED = new Set(['/health', '/api/health']);

/**
 * Refuses a request addressed to a host that is not ours (400) and records the resolved
 * origin for requestOrigin/publicOrigin (server/http.ts).
 */
export function originGuard(origins: PublicOrigins, trust: ProxyTrust): MiddlewareHandler {
  return async (c, next) => {
    const answer = resolveOrigin(origins, addressed(c, trust));
    if (!answer.ok && !((c.req.method === 'GET' || c.req.method === 'HEAD') && UNCHECKED.has(c.req.path)))
      return c.json({ error: 'unknown_host', message: answer.message }, 400);
    c.set('pneumaOrigin', answer);
    return next();
  };
}

/** The resolved origin of a request (the guard's, or the loopback default where none ran). */
export function originAnswer(c: Context): OriginAnswer {
  return c.get('pneumaOrigin') ?? resolveOrigin(compilePublicOrigins(), addressed(c, null));
}
