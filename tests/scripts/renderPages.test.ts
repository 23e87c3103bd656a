import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SCRIPT = resolve('scripts/prerender/renderPages.mjs');

describe('the prerender render process', () => {
  it('writes every page and exits even when a component left timers running', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pneuma-render-'));
    const entry = join(dir, 'entry.mjs');
    writeFileSync(
      entry,
      `setInterval(() => {}, 1000);
export function prerenderPaths() { return ['/', '/patterns']; }
export async function renderPage(path) { setTimeout(() => {}, 600000); return { html: '<h1>' + path + '</h1>', failure: null }; }\n`,
    );
    const out = join(dir, 'pages.json');
    const started = Date.now();
    const result = spawnSync(process.execPath, [SCRIPT, entry, out], { timeout: 20_000 });
    expect(result.status).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual([
      { path: '/', html: '<h1>/</h1>', failure: null },
      { path: '/patterns', html: '<h1>/patterns</h1>', failure: null },
    ]);
  });

  it('exits with an error when the entry cannot render', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pneuma-render-'));
    const entry = join(dir, 'entry.mjs');
    writeFileSync(entry, `export function prerenderPaths() { throw new Error('broken'); }\n`);
    const result = spawnSync(process.execPath, [SCRIPT, entry, join(dir, 'pages.json')], { timeout: 20_000 });
    expect(result.status).toBe(1);
    expect(String(result.stderr)).toContain('broken');
  });
});
