// A bare static server for dist/ used by the size budget and the Lighthouse bench (no backend needed to measure
// what the first screen downloads). /config.json answers with placeholders.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { existsSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.wasm': 'application/wasm',
};

/** A navigation's file, as server/static.ts picks it: the prerendered page, else the app shell. */
function pageFile(dist, pathname) {
  const trimmed = pathname.replace(/\/+$/, '');
  const page = normalize(join(dist, trimmed === '' ? 'index.html' : `${decodeURIComponent(trimmed)}.html`));
  if (page.startsWith(normalize(dist)) && existsSync(page)) return page;
  return existsSync(join(dist, 'shell.html')) ? join(dist, 'shell.html') : join(dist, 'index.html');
}

export function serveDist(port = 0, dist = 'dist') {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/config.json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ supabaseUrl: `http://${req.headers.host}`, supabaseAnonKey: 'size-budget', apiUrl: `http://${req.headers.host}` }));
      return;
    }
    let file = normalize(join(dist, decodeURIComponent(url.pathname)));
    if (!file.startsWith(normalize(dist)) || !existsSync(file) || statSync(file).isDirectory()) file = pageFile(dist, url.pathname);
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(await readFile(file));
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}
