/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { isOnDemandAsset, isBackendPath } from './routing';
import { SHELL_FILE } from '../src/contracts/pages';
import { registerSyncHandlers } from './backgroundSync';
import { registerPushHandlers } from './push';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

// The app shell, the pages, the first screens' chunks and what an offline session needs are
// precached at install (the build leaves out what scripts/precache/precachePolicy.ts loads on
// demand), so the practice routes open offline after the first visit.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// The first install takes control at once; later versions wait until the user chooses
// 'Reload' (the page sends SKIP_WAITING, and never during a running session).
clientsClaim();
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Navigations: a page prerendered at build time is answered by the precache route above,
// whose clean-URL matching maps `/patterns` to patterns.html and `/` to index.html (see
// src/contracts/pages.ts), so the practice routes open offline with their own HTML. Any other
// navigation (an on-demand screen's page, which the precache policy leaves out, a route with an
// open parameter, a deep link without a page) is asked of the network first, which answers with
// its page or the shell, and the last answer is kept; offline with no copy it gets the app
// shell, and the router renders it in the browser.
const shell = createHandlerBoundToURL(`/${SHELL_FILE}`);
const pages = new NetworkFirst({
  cacheName: 'pneuma-pages',
  networkTimeoutSeconds: 3,
  plugins: [new ExpirationPlugin({ maxEntries: 40, maxAgeSeconds: 60 * 60 * 24 * 30 })],
});
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        const page = await pages.handle(options);
        if (page.ok) return page;
      } catch {
        // Offline (or timed out) with no copy kept: the shell below.
      }
      return shell(options);
    },
    { denylist: [/^\/api\//, /^\/auth\/v1\//, /^\/rest\/v1\//] },
  ),
);

// The backend settings: fresh when online, the last copy when not.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname === '/config.json',
  new NetworkFirst({ cacheName: 'pneuma-config', networkTimeoutSeconds: 3 }),
);

// Everything else the build made (wallets, Flow, charts, the camera model and its worker,
// supabase-js, the community screens) is cached on first use: then it opens offline too.
registerRoute(
  ({ url }) => url.origin === self.location.origin && !isBackendPath(url.pathname) && isOnDemandAsset(url.pathname),
  new CacheFirst({
    cacheName: 'pneuma-heavy-assets',
    plugins: [new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 60 * 60 * 24 * 90 })],
  }),
);

// The outbox: Background Sync uploads pending sessions even after the tab is closed.
registerSyncHandlers(self);

// Practice reminders sent by Web Push are shown even with the app closed (sw/push.ts).
registerPushHandlers(self);
