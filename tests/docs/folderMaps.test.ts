/**
 * The maps match the code (issue #29 item 7): README's Tour names every folder of the
 * repository and every folder one level inside `src/<layer>/`; `server/README.md`
 * § Code layout names every folder of `server/`; the header of `scripts/lint/layers.js`
 * names every layer of `src/` it orders; and every repository path the Tour, the code layout
 * and `docs/glossary.md` write in backticks exists (a rename leaves no stale name behind).
 * The folders are the ones git tracks files in, so build output and data folders do not count.
 *
 * Does not prove: that what a map says about a folder is true, only that no folder is left
 * out and no named path is gone.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (path: string) => readFileSync(path, 'utf8');
const tracked = execFileSync('git', ['ls-files'], { encoding: 'utf8' }).split('\n').filter(Boolean);

/** The folders directly inside `under` ('' for the root) that git tracks files in. */
function foldersIn(under: string): string[] {
  const prefix = under ? `${under}/` : '';
  const names = new Set<string>();
  for (const file of tracked) {
    if (!file.startsWith(prefix)) continue;
    const rest = file.slice(prefix.length).split('/');
    if (rest.length > 1 && rest[0]) names.add(rest[0]);
  }
  return [...names].sort();
}

/** The text between a heading and the next heading of the same or a higher level. */
function section(markdown: string, heading: string): string {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => l.trim() === heading);
  if (start < 0) throw new Error(`no heading ${heading}`);
  const level = heading.indexOf(' ');
  const end = lines.findIndex((l, i) => i > start && /^#+ /.test(l) && l.indexOf(' ') <= level);
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

const tour = section(read('README.md'), '## Tour');
const layout = section(read('server/README.md'), '## Code layout');
const glossary = read('docs/glossary.md');

/** The Tour's row for a folder: the table line whose first cell names it. */
function tourRow(path: string): string | undefined {
  return tour.split('\n').find((l) => l.startsWith('|') && (l.split('|')[1] ?? '').includes(`\`${path}/\``));
}

describe('README Tour', () => {
  const top = foldersIn('').filter((d) => d !== 'src');
  it.each(top)('has a row for %s/', (dir) => {
    expect(tourRow(dir)).toBeDefined();
  });

  const layers = foldersIn('src');
  it.each(layers)('has a row for src/%s/ naming each folder inside it', (layer) => {
    const row = tourRow(`src/${layer}`);
    expect(row).toBeDefined();
    const missing = foldersIn(`src/${layer}`).filter((d) => !row!.includes(`\`${d}/\``));
    expect(missing).toEqual([]);
  });
});

describe('server/README.md § Code layout', () => {
  it('names every folder of server/', () => {
    const missing = foldersIn('server').filter((d) => !layout.includes(`\`${d}/`));
    expect(missing).toEqual([]);
  });
});

describe('scripts/lint/layers.js', () => {
  it('states the order it enforces, naming every layer of src/ with code', () => {
    const header = read('scripts/lint/layers.js').split('*/')[0]!;
    expect(header).toMatch(/The order enforced/);
    const codeLayers = foldersIn('src').filter((d) => tracked.some((f) => f.startsWith(`src/${d}/`) && /\.tsx?$/.test(f)));
    const orderLines = header.split('\n').filter((l) => l.includes('->')).join(' ');
    const missing = codeLayers.filter((d) => !new RegExp(`\\b${d}\\b`).test(orderLines));
    expect(missing).toEqual([]);
  });
});

describe('named paths exist', () => {
  const ROOTS = /^(src|server|sw|tests|e2e|docs|scripts|bench|supabase)\//;
  const named = (text: string) =>
    [...text.matchAll(/`([^`\s]+)`/g)]
      .map((m) => m[1]!)
      .filter((p) => ROOTS.test(p) && !/[*{}<>…]/.test(p))
      .map((p) => p.replace(/\/$/, ''));
  it.each([
    ['README Tour', tour],
    ['docs/glossary.md', glossary],
  ])('every path in %s exists', (_, text) => {
    expect(named(text).filter((p) => !existsSync(p))).toEqual([]);
  });
  it('every folder the code layout names exists in server/', () => {
    const folders = [...layout.matchAll(/^- `([a-z-]+)\/`/gm)].map((m) => m[1]!);
    expect(folders.filter((d) => !existsSync(`server/${d}`))).toEqual([]);
  });
});
