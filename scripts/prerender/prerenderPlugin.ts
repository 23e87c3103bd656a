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
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'vite';
import { pageFileFor, SHELL_FILE } from '../../sw/pages';

const ROOT_EMPTY = '<div id="root"></div>';

type ServerEntry = {
  prerenderPaths: () => string[];
  renderPage: (path: string) => Promise<{ html: string; failure: string | null }>;
};

/** The root element with a page's HTML in it; `data-prerendered` names the page's path. */
export function fillRoot(template: string, path: string, html: string): string {
  if (!template.includes(ROOT_EMPTY)) throw new Error(`index.html has no ${ROOT_EMPTY} to prerender into`);
  const attr = path.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return template.replace(ROOT_EMPTY, () => `<div id="root" data-prerendered="${attr}">${html}</div>`);
}

export function prerender(options: { outDir: string; configFile: string }): Plugin {
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
        const entry = (await import(`${pathToFileURL(join(ssrOut, 'entry-server.js')).href}?t=${Date.now()}`)) as ServerEntry;
        const template = readFileSync(join(outDir, 'index.html'), 'utf8');
        writeFileSync(join(outDir, SHELL_FILE), template);
        const started = performance.now();
        const paths = entry.prerenderPaths();
        for (const path of paths) {
          const { html, failure } = await entry.renderPage(path);
          if (failure) throw new Error(`Prerendering ${path} failed (${failure})`);
          const file = join(outDir, pageFileFor(path));
          mkdirSync(dirname(file), { recursive: true });
          writeFileSync(file, fillRoot(template, path, html));
        }
        rmSync(ssrOut, { recursive: true, force: true });
        console.log(`Prerendered ${paths.length} pages in ${Math.round(performance.now() - started)} ms: ${paths.join(' ')}`);
      },
    },
  };
}
