import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { staticHandler } from '../../server/static';

/** A build folder with prerendered pages (scripts/prerender) and the app shell. */
function builtDist(withShell = true): string {
  const dir = mkdtempSync(join(tmpdir(), 'pneuma-static-'));
  writeFileSync(join(dir, 'index.html'), 'home page');
  writeFileSync(join(dir, 'patterns.html'), 'patterns page');
  mkdirSync(join(dir, 'session'));
  writeFileSync(join(dir, 'session', 'classic.html'), 'classic page');
  if (withShell) writeFileSync(join(dir, 'shell.html'), 'app shell');
  return dir;
}

function appFor(dir: string) {
  const app = new Hono();
  app.all('*', staticHandler(dir));
  return app;
}

async function page(app: Hono, path: string): Promise<string> {
  const res = await app.request(path, { headers: { accept: 'text/html' } });
  return res.text();
}

describe('page navigations', () => {
  it('answer each path with its prerendered page', async () => {
    const app = appFor(builtDist());
    expect(await page(app, '/')).toBe('home page');
    expect(await page(app, '/patterns')).toBe('patterns page');
    expect(await page(app, '/patterns/')).toBe('patterns page');
    expect(await page(app, '/session/classic')).toBe('classic page');
  });

  it('answer a path without a page with the app shell', async () => {
    const app = appFor(builtDist());
    expect(await page(app, '/courses/abc')).toBe('app shell');
    expect(await page(app, '/session/../../etc/passwd')).toBe('app shell');
  });

  it('fall back to index.html in a build without a shell', async () => {
    expect(await page(appFor(builtDist(false)), '/courses/abc')).toBe('home page');
  });

  it('leave other requests for missing files unanswered', async () => {
    const res = await appFor(builtDist()).request('/assets/missing.js');
    expect(res.status).toBe(404);
  });
});
