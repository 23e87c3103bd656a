import { useEffect, useState } from 'react';
import type { Workbox } from 'workbox-window';
import { Button } from '../../ui/Button';
import { whenNoSessionRuns } from './sessionGuard';

/**
 * Registers the service worker (production builds) and, when a new version is waiting,
 * offers 'Reload'. The reload never happens under a running breathing session: it waits
 * for the session to end.
 */
/** How long after `load` the service worker is registered. */
export const REGISTER_DELAY_MS = 2_000;

export function UpdatePrompt() {
  const [wb, setWb] = useState<Workbox | null>(null);
  const [waiting, setWaiting] = useState(false);
  const [deferred, setDeferred] = useState(false);

  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    let cancelled = false;
    // Registered a moment after the first screen has loaded, when the browser is idle
    // (Workbox's advice): the worker and its precache download never compete with the
    // first paint or its data.
    const register = () =>
      import('workbox-window').then(({ Workbox }) => {
        if (cancelled) return;
        const instance = new Workbox('/sw.js', { scope: '/' });
        instance.addEventListener('waiting', () => setWaiting(true));
        // Only an update reloads; the first install takes control silently.
        instance.addEventListener('controlling', (event) => {
          if (event.isUpdate) void whenNoSessionRuns().then(() => window.location.reload());
        });
        // Registration can fail (private modes, blocked workers): the app still works online.
        instance
          .register()
          .catch((error: unknown) => console.warn('Service worker not registered', error));
        setWb(instance);
      });
    const whenIdle = () =>
      setTimeout(() => {
        if ('requestIdleCallback' in window)
          window.requestIdleCallback(() => void register(), { timeout: 3_000 });
        else void register();
      }, REGISTER_DELAY_MS);
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener('load', whenIdle);
    };
  }, []);

  if (!waiting || !wb) return null;
  return (
    <div className="update-prompt" role="status" aria-live="polite">
      <span>
        {deferred ? 'The update will load when your session ends.' : 'A new version is available'}
      </span>
      {!deferred ? (
        <Button
          size="sm"
          onClick={() => {
            setDeferred(true);
            wb.messageSkipWaiting();
          }}
        >
          Reload
        </Button>
      ) : null}
    </div>
  );
}
