import { defineConfig, type PluginOption } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { copyFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { mediapipeAssets } from './scripts/vision/mediapipeAssets';
import { prerender } from './scripts/prerender/prerenderPlugin';
import { precachePolicy } from './scripts/precache/precachePlugin';

/** Build output folder: `dist`, or PNEUMA_DIST_DIR (parallel work trees build side by side). */
const outDir = process.env.PNEUMA_DIST_DIR || 'dist';
/** The local database's chunk (src/data/localData.ts): the app imports it as soon as it runs. */
const LOCAL_DATA_CHUNK = 'localData';

/**
 * The top-level manifest.webmanifest is the one source: copied into dist as it is and
 * linked at a stable URL (injected after Vite's HTML processing, so it is not hashed).
 */
function topLevelManifest() {
  return {
    name: 'pneuma-manifest',
    transformIndexHtml: {
      order: 'post' as const,
      handler: () => [
        {
          tag: 'link',
          attrs: { rel: 'manifest', href: '/manifest.webmanifest' },
          injectTo: 'head' as const,
        },
      ],
    },
    writeBundle() {
      copyFileSync(resolve('manifest.webmanifest'), resolve(outDir, 'manifest.webmanifest'));
    },
  };
}

/**
 * Vite's preload helper without its preloading (issue #48): with modulePreload off and one
 * stylesheet, every dynamic import's list of files to preload is empty, so the helper's link
 * building never runs; it still cost about 700 bytes gzip in the first load. What stays is its
 * one behaviour that matters: a chunk that fails to load fires 'vite:preloadError' on window
 * (cancelable) before the error reaches the caller.
 */
function plainDynamicImports(): PluginOption {
  const helper = '\0vite/preload-helper.js';
  return {
    name: 'pneuma-plain-dynamic-imports',
    enforce: 'pre',
    resolveId: (id) => (id === helper ? helper : null),
    load: (id) =>
      id === helper
        ? `export const __vitePreload = (load) => load().catch((error) => {
  const event = new Event('vite:preloadError', { cancelable: true });
  event.payload = error;
  window.dispatchEvent(event);
  if (!event.defaultPrevented) throw error;
});`
        : null,
  };
}

/** The browser build's own steps: the manifest, the prerendered pages, the service worker. */
function clientOnlyPlugins(): PluginOption[] {
  const precache = precachePolicy(outDir);
  return [
    plainDynamicImports(),
    topLevelManifest(),
    precache.plugin,
    // Before VitePWA in closeBundle (see the plugin), so the pages are precached.
    prerender({
      outDir,
      configFile: resolve('vite.config.ts'),
      alongsideEntry: [LOCAL_DATA_CHUNK],
    }),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      registerType: 'prompt',
      injectManifest: {
        // Every file of these kinds, less what the precache policy loads on demand (wallets,
        // Flow, charts, the camera model and its worker: scripts/precache/precachePolicy.ts, the
        // one list); sw/sw.ts caches those under /assets/ on first use. wasm and model files
        // are never precached. Of the PNG icons only the one the pages link: the others are
        // the manifest's, which the browser fetches itself when it installs the app.
        globPatterns: [
          '**/*.{js,css,html,svg,ico,webmanifest,woff2}',
          'icons/apple-touch-icon.png',
        ],
        manifestTransforms: [precache.leaveOutOnDemand],
        maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
        // The worker's own build: it never writes or reads the data file, so the data-file
        // sections (src/sync/syncedTables.ts) and their checks stay out of sw.js.
        buildPlugins: {
          vite: [
            {
              name: 'pneuma-sw-build',
              config: () => ({ define: { 'import.meta.env.PNEUMA_SERVICE_WORKER': 'true' } }),
            },
          ],
        },
      },
      devOptions: { enabled: false },
    }),
  ];
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // The home screen is the first screen of most visits: its code comes with the entry
      // (one file, one round trip) instead of a route chunk fetched after the router starts.
      codeSplittingOptions: { splitBehavior: ({ routeId }) => (routeId === '/' ? [] : undefined) },
    }),
    react(),
    mediapipeAssets(),
    // The rest is for the browser build only; the SSR build (the prerender's input, started
    // by the prerender plugin with this same file) needs just the app's modules.
    ...(isSsrBuild ? [] : clientOnlyPlugins()),
  ],
  resolve: {
    // Dexie's modern (ES2018+) build: the same API, about 1.5 KB gzip less than the ES5
    // build its import wrapper loads. One alias for every importer keeps one Dexie instance.
    // TanStack Store's selector hook imports the shim of useSyncExternalStore for React 17 and
    // older; React 19 has the hook itself, which the shim-free entry uses (about 0.2 KB gzip).
    alias: [
      { find: /^dexie$/, replacement: 'dexie/dist/modern/dexie.mjs' },
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector.js',
      },
    ],
  },
  // The camera's frame worker loads its face detector as a chunk of its own (ES modules).
  worker: { format: 'es' },
  build: {
    outDir,
    target: 'es2022',
    sourcemap: process.env.PNEUMA_SOURCEMAP === '1',
    // One stylesheet for every screen, linked from each prerendered page: a page's own rules
    // (patterns, session, progress) must be there before its HTML paints, not arrive with
    // its route chunk (which would restyle the page after hydration: a layout shift).
    cssCodeSplit: false,
    // No preload helper and no table of every lazy chunk's dependencies in the first load
    // (2.6 KB gzip, issue #48): a route's chunk fetches its own imports. That costs a round trip
    // per level of imports on a route's first visit before the service worker has cached the
    // app, and nothing after (the precache holds every chunk). The CSS is one stylesheet
    // (cssCodeSplit: false), so no chunk needs the helper to load its styles.
    modulePreload: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The first screen's modules in one chunk instead of two dozen small ones: each
          // separate file costs a request and compresses on its own (about 1.5 KB gzip lost
          // in total). '$initial' captures only what the entry imports statically, so no
          // route's lazy code joins it.
          // The local database (src/data/localData.ts with everything it imports: Dexie,
          // the schema, the repositories) is one chunk too, imported once the app runs and
          // fetched together with the entry (the prerender's after-paint loader).
          groups: isSsrBuild
            ? []
            : [
                { name: 'app', tags: ['$initial'] },
                { name: LOCAL_DATA_CHUNK, test: /[\\/]src[\\/]data[\\/]localData\.ts$/ },
              ],
        },
      },
    },
  },
  server: { port: 5173 },
}));
