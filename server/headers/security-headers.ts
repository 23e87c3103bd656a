import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { afterPaintLoader } from '../../src/contracts/afterPaintLoader';
import { prePaintScript } from '../../src/domain/prePaintScript';
import { originAnswer } from '../net/public-origin';

/**
 * The Content-Security-Policy of every HTML response (docs/product.md § Backend): scripts only
 * from this origin plus WebAssembly compilation for the on-device camera models; the one
 * inline scripts are the prerendered pages' pre-paint script and their after-paint loader
 * (src/contracts/afterPaintLoader.ts), each allowed by the hash of its text; workers from this origin or blob: (the camera worker); connections only to this
 * origin and the configured endpoints; never framed. Styles allow inline style attributes and
 * the style elements libraries insert, never inline script.
 */
export function contentSecurityPolicy(connectSrc: readonly string[] = []): string {
  const connect = ["'self'", ...new Set(connectSrc)].join(' ');
  const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
  return [
    "default-src 'self'",
    `script-src 'self' 'wasm-unsafe-eval' ${hash(prePaintScript())} ${hash(afterPaintLoader())}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${connect}`,
    "media-src 'self' blob: data:",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The origins the browser app may connect to besides its own: every VITE_*_URL it may be
 * built with (backend, API, AI and chain endpoints) and PNEUMA_CSP_CONNECT_SRC (comma-separated).
 */
export function connectSourcesFromEnv(env: NodeJS.ProcessEnv): string[] {
  const out: string[] = [];
  for (const [name, value] of Object.entries(env)) {
    if (!value || !/^VITE_[A-Z0-9_]*_URL$/.test(name)) continue;
    const origin = originOf(value);
    if (origin) out.push(origin);
  }
  for (const item of (env.PNEUMA_CSP_CONNECT_SRC ?? '').split(',')) {
    const v = item.trim();
    if (!v) continue;
    const origin = originOf(v);
    if (!origin)
      throw new Error(`PNEUMA_CSP_CONNECT_SRC: "${v}" is not an http(s) or ws(s) origin`);
    out.push(origin);
  }
  return [...new Set(out)];
}

function originOf(value: string): string | null {
  try {
    const u = new URL(value);
    return ['http:', 'https:', 'ws:', 'wss:'].includes(u.protocol) ? u.origin : null;
  } catch {
    return null;
  }
}

/** HSTS lifetime: one year. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Headers on every response: nosniff and the referrer policy; on HTML the CSP and frame
 * refusal; HSTS when the origin the request resolved to is HTTPS (the public origin or an
 * alias, or over TLS or a trusted proxy's X-Forwarded-Proto with the loopback default).
 */
export function securityHeaders(opts: { connectSrc?: readonly string[] }): MiddlewareHandler {
  const csp = contentSecurityPolicy(opts.connectSrc);
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    h.set('X-Content-Type-Options', 'nosniff');
    if (!h.has('Referrer-Policy')) h.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    if (/^text\/html\b/i.test(h.get('content-type') ?? '')) {
      h.set('Content-Security-Policy', csp);
      h.set('X-Frame-Options', 'DENY');
    }
    const origin = originAnswer(c);
    if (origin.ok && origin.origin.startsWith('https:')) h.set('Strict-Transport-Security', HSTS);
  };
}
