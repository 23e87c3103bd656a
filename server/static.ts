import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { Context } from 'hono';
import { pageFileFor, SHELL_FILE } from '../src/contracts/pages';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.wav': 'audio/wav',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.tflite': 'application/octet-stream',
  '.binarypb': 'application/octet-stream',
  '.data': 'application/octet-stream',
  '.bin': 'application/octet-stream',
};

export const NOT_BUILT_MESSAGE =
  "Pneuma's front end has not been built yet (no dist/index.html).\nRun `npm run build`, then start the server again (or use `npm start`, which builds when needed).\n";

const NO_CACHE = new Set(['/index.html', '/sw.js', '/manifest.webmanifest', '/registerSW.js']);

function cacheControl(path: string): string {
  if (NO_CACHE.has(path) || path.endsWith('.html')) return 'no-cache';
  if (path.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

async function fileAt(root: string, urlPath: string): Promise<{ file: string; size: number; mtime: number } | null> {
  const file = resolve(root, '.' + urlPath);
  if (file !== root && !file.startsWith(root + sep)) return null;
  try {
    const s = await stat(file);
    return s.isFile() ? { file, size: s.size, mtime: s.mtimeMs } : null;
  } catch {
    return null;
  }
}

function send(c: Context, urlPath: string, f: { file: string; size: number; mtime: number }): Response {
  const etag = `W/"${f.size.toString(16)}-${Math.floor(f.mtime).toString(16)}"`;
  const headers: Record<string, string> = {
    'Content-Type': TYPES[extname(f.file).toLowerCase()] ?? 'application/octet-stream',
    'Cache-Control': cacheControl(urlPath),
    ETag: etag,
  };
  if (urlPath === '/sw.js') headers['Service-Worker-Allowed'] = '/';
  if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
  headers['Content-Length'] = String(f.size);
  if (c.req.method === 'HEAD') return c.body(null, 200, headers);
  const stream = Readable.toWeb(createReadStream(f.file)) as ReadableStream<Uint8Array>;
  return c.body(stream, 200, headers);
}

/**
 * A page navigation's file: the build's prerendered page for the path (`/patterns` ->
 * patterns.html, see scripts/prerender/prerenderPlugin.ts), else the app shell (shell.html;
 * index.html in a build without prerendered pages).
 */
async function pageFor(root: string, path: string): Promise<{ urlPath: string; f: { file: string; size: number; mtime: number } } | null> {
  const candidates = [`/${pageFileFor(path)}`, `/${SHELL_FILE}`, '/index.html'];
  for (const urlPath of candidates) {
    const f = await fileAt(root, urlPath);
    if (f) return { urlPath, f };
  }
  return null;
}

/** Serves dist/: files, then the page (prerendered, or the app shell) for page navigations. */
export function staticHandler(distDir: string) {
  const root = resolve(distDir);
  return async (c: Context): Promise<Response> => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return c.text('Method Not Allowed', 405, { Allow: 'GET, HEAD' });
    let path: string;
    try {
      path = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      return c.text('Bad Request: malformed URL encoding', 400);
    }
    if (path.includes('\0')) return c.text('Bad Request', 400);
    if (path === '/') path = '/index.html';
    const index = await fileAt(root, '/index.html');
    if (!index) return c.text(NOT_BUILT_MESSAGE, 503, { 'Cache-Control': 'no-store' });
    const f = await fileAt(root, path);
    if (f) return send(c, path, f);
    const accept = c.req.header('accept') ?? '';
    if (accept.includes('text/html') && !path.startsWith('/assets/')) {
      const page = await pageFor(root, path);
      if (page) return send(c, page.urlPath, page.f);
    }
    return c.text('Not Found', 404);
  };
}
