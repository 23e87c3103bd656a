import type { Workbox } from 'workbox-window';
import { whenNoSessionRuns } from './sessionGuard';

/**
 * Registers the service worker (production builds only), once, from main.tsx: a moment
 * after the first screen has loaded, when the browser is idle (Workbox's advice), so the
 * worker and its precache download never compete with the first paint or its data.
 * Registration can fail (private modes, blocked workers): the app still works online.
 *
 * Updates: the first install takes control silently. A newer version waits until the
 * user chooses 'Reload' in the update prompt (applyUpdate); the page then reloads, but
 * never under a running breathing session: it waits for the session to end.
 */

/** How long after `load` the service worker is registered. */
const REGISTER_DELAY_MS = 2_000;
/** The longest wait for an idle moment after that delay. */
const IDLE_TIMEOUT_MS = 3_000;

let workbox: Workbox | null = null;
let updateWaiting = false;
let registering = false;
const listeners = new Set<() => void>();

export function registerServiceWorker(): void {
  if (registering || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  registering = true;
  const whenIdle = () =>
    setTimeout(() => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(() => void register(), { timeout: IDLE_TIMEOUT_MS });
      else void register();
    }, REGISTER_DELAY_MS);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

async function register(): Promise<void> {
  // Offline before the first registration, the module cannot load: try again on the next start.
  const loaded = await import('workbox-window').catch(() => null);
  if (!loaded) return;
  const { Workbox } = loaded;
  const instance = new Workbox('/sw.js', { scope: '/' });
  instance.addEventListener('waiting', () => setUpdateWaiting(true));
  instance.addEventListener('controlling', (event) => {
    if (event.isUpdate) void whenNoSessionRuns().then(() => window.location.reload());
  });
  instance.register().catch((error: unknown) => console.warn('Service worker not registered', error));
  workbox = instance;
}

function setUpdateWaiting(value: boolean): void {
  updateWaiting = value;
  listeners.forEach((l) => l());
}

/** True when a new version is installed and waits for the user's 'Reload'. */
export function isUpdateWaiting(): boolean {
  return updateWaiting && workbox !== null;
}

export function subscribeUpdate(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The user chose 'Reload': the waiting version takes over (the page reloads when no session runs). */
export function applyUpdate(): void {
  workbox?.messageSkipWaiting();
}
