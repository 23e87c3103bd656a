import { useEffect, useState } from 'react';
import type { Workbox } from 'workbox-window';
import { Button } from '../../ui/Button';
import { whenNoSessionRuns } from './sessionGuard';

/**
 * Registers the service worker (production builds) and, when a new version is waiting,
 * offers 'Reload'. The reload never happens under a running breathing session: it waits
 * for the session to end.
 */
export function UpdatePrompt() {
  const [wb, setWb] = useState<Workbox | null>(null);
  const [waiting, setWaiting] = useState(false);
  const [deferred, setDeferred] = useState(false);

  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    let cancelled = false;
    void import('workbox-window').then(({ Workbox }) => {
      if (cancelled) return;
      const instance = new Workbox('/sw.js', { scope: '/' });
      instance.addEventListener('waiting', () => setWaiting(true));
      // Only an update reloads; the first install takes control silently.
      instance.addEventListener('controlling', (event) => {
        if (event.isUpdate) void whenNoSessionRuns().then(() => window.location.reload());
      });
      void instance.register();
      setWb(instance);
    });
    return () => {
      cancelled = true;
    };
  }, []);

  if (!waiting || !wb) return null;
  return (
    <div className="update-prompt" role="status" aria-live="polite">
      <span>{deferred ? 'The update will load when your session ends.' : 'A new version is available'}</span>
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
