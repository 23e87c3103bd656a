import './app/noEvalZod';
import { startTransition } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import './styles/base.css';
import { startTheme } from './styles/theme';
import './ui/ui.css';
import './features/shell/shell.css';
import './features/errors/errors.css';
import './features/pwa/pwa.css';
import { loadConfig } from './backend/config';
import { registerServiceWorker } from './app/serviceWorker/registerServiceWorker';
import { startAppServices } from './app/startAppServices';
import { APP_ERROR_HTML, AppErrorPage } from './features/errors/AppErrorPage';
import { AppTree } from './AppTree';
import { ReleaseHeldFields } from './app/prerender/ReleaseHeldFields';
import { EARLY_CLICKS_KEY } from './app/prerender/handover';
import { router } from './router';
import { startSyncEngine } from './sync/page/syncEngine';

/**
 * Whether #root holds the build's HTML of this very page (scripts/prerender): its path
 * matches and there is no query, which could change what the page shows. Such a page is
 * hydrated; any other is rendered afresh (the app shell, or a page opened with a query).
 */
function isPrerenderedHere(rootElement: HTMLElement): boolean {
  const built = rootElement.dataset.prerendered;
  const here = location.pathname.replace(/\/+$/, '') || '/';
  return built !== undefined && built === here && location.search === '';
}

/**
 * Buttons pressed on the prerendered page before the app started (held by the page's
 * loader, scripts/prerender/prerenderPlugin.ts) are pressed again now that React listens:
 * React hydrates the pressed part first and then handles the press.
 */
function replayEarlyClicks(): void {
  for (const button of takeEarlyClicks()) if (button.isConnected) button.click();
}

/** Ends the loader's holding of presses (it swallows every button press until then). */
function takeEarlyClicks(): HTMLElement[] {
  const take = (window as unknown as Record<string, (() => HTMLElement[]) | undefined>)[EARLY_CLICKS_KEY];
  return take?.() ?? [];
}

/**
 * A fresh root: the prerendered markup (if any) goes, and with it the buttons pressed on
 * it; the loader stops holding presses, or no button of the fresh app would work.
 */
function freshRoot(rootElement: HTMLElement): Root {
  takeEarlyClicks();
  rootElement.replaceChildren();
  delete rootElement.dataset.prerendered;
  return createRoot(rootElement);
}

async function boot(rootElement: HTMLElement): Promise<void> {
  let root: Root | null = null;
  try {
    const config = await loadConfig();
    if (!config.ok) {
      // A build without its settings, rare: its page is not first-load code.
      const { ConfigErrorPage } = await import('./features/errors/ConfigErrorPage');
      root = freshRoot(rootElement);
      root.render(<ConfigErrorPage missing={config.missing} detail={config.detail} />);
      return;
    }
    startAppServices(config.config);
    if (isPrerenderedHere(rootElement)) {
      // The route's code is loaded before hydrating, so nothing suspends and the page keeps
      // its HTML. `ssr` tells the router the markup came from a server render (the same
      // tree, without the browser-only pending boundary at the top).
      router.ssr = { manifest: undefined };
      await router.load();
      // As a transition, hydration yields to the browser every few milliseconds instead of
      // holding the main thread for the whole page (taps and scrolling stay responsive).
      startTransition(() => {
        root = hydrateRoot(
          rootElement,
          <ReleaseHeldFields>
            <AppTree router={router} />
          </ReleaseHeldFields>,
        );
      });
      replayEarlyClicks();
    } else {
      root = freshRoot(rootElement);
      root.render(<AppTree router={router} />);
    }
    // Once the app renders: the upload engine (loads once someone is signed in) and,
    // a moment after load, the service worker (offline use, background sync, updates).
    startSyncEngine();
    registerServiceWorker();
  } catch (error) {
    console.error(error);
    root?.unmount();
    freshRoot(rootElement).render(<AppErrorPage />);
  }
}

startTheme(); // before the first render: the first paint has the right theme
const rootElement = document.getElementById('root');
if (rootElement) void boot(rootElement);
else document.body.innerHTML = APP_ERROR_HTML;
