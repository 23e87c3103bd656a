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
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';
import { build, type Plugin } from 'vite';
import { pageFileFor, SHELL_FILE } from '../../src/contracts/pages';
import { EARLY_CLICKS_KEY, HELD_FIELD_ATTR } from '../../src/app/prerender/handover';
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
  if (result.status !== 0) throw new Error(`Prerendering failed (render process: ${result.error?.message ?? `exit ${result.status}`})`);
  return JSON.parse(readFileSync(outFile, 'utf8')) as RenderedPage[];
}

/** The root element with a page's HTML in it; `data-prerendered` names the page's path. */
export function fillRoot(template: string, path: string, html: string): string {
  if (!template.includes(ROOT_EMPTY)) throw new Error(`index.html has no ${ROOT_EMPTY} to prerender into`);
  const attr = path.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return template.replace(ROOT_EMPTY, () => `<div id="root" data-prerendered="${attr}">${html}</div>`);
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
  return html.replace(/<(input|textarea|select)\b([^>]*?)(\/?)>/g, (tag, name: string, attrs: string, slash: string) => {
    if (/\s(readonly|disabled)(=|\s|$)/.test(attrs)) return tag;
    const type = /\stype="([^"]*)"/.exec(attrs)?.[1] ?? 'text';
    if (name === 'input' && ['hidden', 'submit', 'button', 'reset', 'image'].includes(type)) return tag;
    const lock = name === 'select' || (name === 'input' && ['checkbox', 'radio', 'file', 'range', 'color'].includes(type)) ? 'disabled' : 'readonly';
    return `<${name}${attrs} ${lock}="" ${HELD_FIELD_ATTR}="${lock}"${slash}>`;
  });
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

/** The entry's src in the built index.html (null in a build without one). */
export function entrySrc(html: string): string | null {
  return ENTRY_SCRIPT.exec(html)?.[1] ?? null;
}

/**
 * A small classic script that asks for the app's module entry once the page's first
 * contentful paint has happened (the browser's paint timing entry; the end of the next
 * frame where there is none), or after 1 s on a page that paints nothing, such as a
 * background tab. Not sooner: on a slow link the script would compete with the first paint
 * (and a lab's model of the page would count it as needed for that paint). It is a file
 * rather than inline code, as the server's content security policy allows no inline script
 * beyond the pre-paint one.
 */
export function afterPaintLoader(src: string, alongside: readonly string[] = []): string {
  // Chunks the app imports as soon as it runs are fetched together with the entry
  // (modulepreload) instead of one round trip after it.
  const preload = alongside
    .map((href) => `l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=${JSON.stringify(href)};document.head.appendChild(l);`)
    .join('');
  const load = `var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=${JSON.stringify(src)};document.head.appendChild(s);var l;${preload}`;
  // A button pressed before the app has started is held, not lost: main.tsx takes the list
  // (EARLY_CLICKS_KEY) when it hydrates and presses them again. Links work without it.
  const hold =
    `var q=[];function c(e){var t=e.target;t=t&&t.closest?t.closest('button'):null;if(t){e.preventDefault();e.stopPropagation();q.push(t)}}` +
    `document.addEventListener('click',c,true);window.${EARLY_CLICKS_KEY}=function(){document.removeEventListener('click',c,true);return q};`;
  const afterPaint =
    `var o;function f(){requestAnimationFrame(function(){setTimeout(go)})}` +
    `try{o=new PerformanceObserver(function(l){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();setTimeout(go)}});o.observe({type:'paint',buffered:true})}catch(e){f()}`;
  return `(function(){${hold}var d=0;function go(){if(d)return;d=1;${load}}${afterPaint}setTimeout(go,1000)})();\n`;
}

/**
 * A prerendered page loads the app's script only after its first paint: the page is
 * readable from HTML and CSS alone, so the script must not compete with them on a slow
 * link. Hydration starts once it arrives.
 */
/**
 * Every prerendered page reads the device's hints before its first paint
 * (src/domain/prePaintScript.ts).
 */
export function addPrePaint(html: string): string {
  return html.replace('</head>', () => `<script>${prePaintScript()}</script></head>`);
}

export function loadEntryAfterPaint(html: string, loaderUrl: string): string {
  return html.replace(ENTRY_SCRIPT, () => `<script defer src="${loaderUrl}"></script>`);
}

/** The built file of the chunk named `name` (`assets/<name>-<hash>.js`), as a URL path. */
function chunkFile(outDir: string, name: string): string {
  const files = readdirSync(join(outDir, 'assets')).filter((f) => f.startsWith(`${name}-`) && f.endsWith('.js'));
  if (files.length !== 1) throw new Error(`Expected one built chunk named ${name}, found ${files.length}`);
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
        const ssrOut = resolve('node_modules/.cache/pneuma-prerender', options.outDir.replace(/[^\w-]/g, '_'));
        await build({
          configFile: options.configFile,
          logLevel: 'warn',
          build: { ssr: 'src/entry-server.tsx', outDir: ssrOut, emptyOutDir: true, copyPublicDir: false },
        });
        const template = readFileSync(join(outDir, 'index.html'), 'utf8');
        writeFileSync(join(outDir, SHELL_FILE), template);
        const src = entrySrc(template);
        if (!src) throw new Error('index.html has no module entry script');
        const loader = afterPaintLoader(src, (options.alongsideEntry ?? []).map((name) => chunkFile(outDir, name)));
        const loaderUrl = `/assets/after-paint-${createHash('sha256').update(loader).digest('hex').slice(0, 10)}.js`;
        writeFileSync(join(outDir, loaderUrl), loader);
        const started = performance.now();
        const pages = renderInChild(join(ssrOut, 'entry-server.js'), join(ssrOut, 'pages.json'));
        for (const { path, html, failure } of pages) {
          if (failure) throw new Error(`Prerendering ${path} failed (${failure})`);
          const file = join(outDir, pageFileFor(path));
          mkdirSync(dirname(file), { recursive: true });
          writeFileSync(file, withTitle(addPrePaint(loadEntryAfterPaint(fillRoot(template, path, holdFields(html)), loaderUrl)), path));
        }
        rmSync(ssrOut, { recursive: true, force: true });
        console.log(`Prerendered ${pages.length} pages in ${Math.round(performance.now() - started)} ms: ${pages.map((p) => p.path).join(' ')}`);
      },
    },
  };
}
