/**
 * Paint before JavaScript: after the client build, every route of the route table is
 * rendered to HTML by the same React components (src/entry-server.tsx, built for Node with
 * this Vite config in SSR mode) and written next to index.html, so a page's heading and
 * layout paint from HTML and CSS alone; the browser then hydrates it (src/main.tsx).
 *
 * Output in the build folder: `index.html` (the home page), `<path>.html` for every other
 * page (`patterns.html`, `session/classic.html`, ...) and `shell.html`, the empty app shell
 * that answers paths with no page of their own (routes with an open `$param`). The server
 * (server/static.ts) and the service worker (sw/routing.ts) map a path to its file the same
 * way (pageFileFor below).
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';
import { build, type Plugin } from 'vite';
import { pageFileFor, SHELL_FILE } from '../../src/contracts/pages';
import { EARLY_CLICKS_KEY, HELD_FIELD_ATTR } from '../../src/app/prerender/handover';
import { afterPaintLoader } from '../../src/contracts/afterPaintLoader';
import { prePaintScript } from '../../src/domain/prePaintScript';
import { pageTitle } from '../../src/domain/pageTitles';

export { EARLY_CLICKS_KEY, HELD_FIELD_ATTR };

const ROOT_EMPTY = '<div id="root"></div>';

interface RenderedPage {
  path: string;
  html: string;
  failure: string | null;
}

/**
 * Renders every page in a child process (renderPages.mjs) that exits when done: whatever a
 * component leaves running during render cannot hold the build open.
 */
function renderInChild(entryFile: string, outFile: string): RenderedPage[] {
  // From the project root, like the build itself (the config runs bundled from a temp folder).
  const script = resolve('scripts/prerender/renderPages.mjs');
  const result = spawnSync(process.execPath, [script, entryFile, outFile], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
    timeout: 120_000,
  });
  if (result.status !== 0)
    throw new Error(
      `Prerendering failed (render process: ${result.error?.message ?? `exit ${result.status}`})`,
    );
  return JSON.parse(readFileSync(outFile, 'utf8')) as RenderedPage[];
}

/** The root element with a page's HTML in it; `data-prerendered` names the page's path. */
export function fillRoot(template: string, path: string, html: string): string {
  if (!template.includes(ROOT_EMPTY))
    throw new Error(`index.html has no ${ROOT_EMPTY} to prerender into`);
  const attr = path.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return template.replace(
    ROOT_EMPTY,
    () => `<div id="root" data-prerendered="${attr}">${html}</div>`,
  );
}

/** The page's own <title> (src/domain/pageTitles), so the built page is named before the app starts. */
export function withTitle(html: string, path: string): string {
  const title = pageTitle(path).replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return html.replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`);
}

/**
 * Form fields of a prerendered page take no typing until the app has hydrated: React would
 * set a controlled field back to its state and lose what was typed. Text fields are made
 * read-only, choices (checkboxes, radios, selects) disabled, and marked with
 * HELD_FIELD_ATTR; ReleaseHeldFields (src/app/prerender) removes both once hydration has
 * committed. A field that is already read-only or disabled is left as it is.
 */
export function holdFields(html: string): string {
  return html.replace(
    /<(input|textarea|select)\b([^>]*?)(\/?)>/g,
    (tag, name: string, attrs: string, slash: string) => {
      if (/\s(readonly|disabled)(=|\s|$)/.test(attrs)) return tag;
      const type = /\stype="([^"]*)"/.exec(attrs)?.[1] ?? 'text';
      if (name === 'input' && ['hidden', 'submit', 'button', 'reset', 'image'].includes(type))
        return tag;
      const lock =
        name === 'select' ||
        (name === 'input' && ['checkbox', 'radio', 'file', 'range', 'color'].includes(type))
          ? 'disabled'
          : 'readonly';
      return `<${name}${attrs} ${lock}="" ${HELD_FIELD_ATTR}="${lock}"${slash}>`;
    },
  );
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

/** The entry's src in the built index.html (null in a build without one). */
export function entrySrc(html: string): string | null {
  return ENTRY_SCRIPT.exec(html)?.[1] ?? null;
}

/**
 * Every prerendered page reads the device's hints before its first paint
 * (src/domain/prePaintScript.ts).
 */
export function addPrePaint(html: string): string {
  return html.replace('</head>', () => `<script>${prePaintScript()}</script></head>`);
}

/**
 * A prerendered page loads the app's script only after its first paint: the page is
 * readable from HTML and CSS alone, so the script must not compete with them on a slow
 * link. Hydration starts once it arrives. The entry's module script gives way to the inline
 * loader (src/contracts/afterPaintLoader.ts), which names the entry and the chunks fetched
 * with it on its own element.
 */
export function loadEntryAfterPaint(html: string, alongside: readonly string[] = []): string {
  // The manifest link too: a browser (or a lab, as Lighthouse's) that reads it at once also
  // fetches its icons before the first paint; the loader puts it back with the entry.
  const manifest = MANIFEST_LINK.exec(html)?.[1];
  const page = manifest ? html.replace(MANIFEST_LINK, '') : html;
  return page.replace(ENTRY_SCRIPT, (_tag, src: string) => {
    const named =
      (alongside.length ? ` data-alongside="${alongside.join(' ')}"` : '') +
      (manifest ? ` data-manifest="${manifest}"` : '');
    return `<script data-entry="${src}"${named}>${afterPaintLoader()}</script>`;
  });
}

const MANIFEST_LINK = /<link rel="manifest" href="([^"]+)">/;
/** The built file of the chunk named `name` (`assets/<name>-<hash>.js`), as a URL path. */
function chunkFile(outDir: string, name: string): string {
  const files = readdirSync(join(outDir, 'assets')).filter(
    (f) => f.startsWith(`${name}-`) && f.endsWith('.js'),
  );
  if (files.length !== 1)
    throw new Error(`Expected one built chunk named ${name}, found ${files.length}`);
  return `/assets/${files[0]}`;
}

export function prerender(options: {
  outDir: string;
  configFile: string;
  /** Chunk names the app imports as soon as it runs: fetched with the entry, after paint. */
  alongsideEntry?: readonly string[];
}): Plugin {
  let ssrBuild = false;
  return {
    name: 'pneuma-prerender',
    apply: 'build',
    configResolved(config) {
      ssrBuild = Boolean(config.build.ssr);
    },
    closeBundle: {
      // Before vite-plugin-pwa's closeBundle (enforce: post), so the service worker's
      // precache manifest lists the prerendered pages.
      order: 'pre',
      sequential: true,
      async handler() {
        if (ssrBuild) return;
        const outDir = resolve(options.outDir);
        const ssrOut = resolve(
          'node_modules/.cache/pneuma-prerender',
          options.outDir.replace(/[^\w-]/g, '_'),
        );
        await build({
          configFile: options.configFile,
          logLevel: 'warn',
          build: {
            ssr: 'src/entry-server.tsx',
            outDir: ssrOut,
            emptyOutDir: true,
            copyPublicDir: false,
          },
        });
        const template = readFileSync(join(outDir, 'index.html'), 'utf8');
        writeFileSync(join(outDir, SHELL_FILE), template);
        if (!entrySrc(template)) throw new Error('index.html has no module entry script');
        const alongside = (options.alongsideEntry ?? []).map((name) => chunkFile(outDir, name));
        const started = performance.now();
        const pages = renderInChild(join(ssrOut, 'entry-server.js'), join(ssrOut, 'pages.json'));
        for (const { path, html, failure } of pages) {
          if (failure) throw new Error(`Prerendering ${path} failed (${failure})`);
          const file = join(outDir, pageFileFor(path));
          mkdirSync(dirname(file), { recursive: true });
          const page = loadEntryAfterPaint(fillRoot(template, path, holdFields(html)), alongside);
          writeFileSync(file, withTitle(addPrePaint(page), path));
        }
        rmSync(ssrOut, { recursive: true, force: true });
        console.log(
          `Prerendered ${pages.length} pages in ${Math.round(performance.now() - started)} ms: ${pages.map((p) => p.path).join(' ')}`,
        );
      },
    },
  };
}
