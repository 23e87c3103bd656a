import { useState, useSyncExternalStore } from 'react';
import {
  applyUpdate,
  isUpdateWaiting,
  subscribeUpdate,
} from '../../app/serviceWorker/registerServiceWorker';
import { Button } from '../../ui/Button';

const notWaiting = () => false;

/**
 * When a new version of the app is waiting, offers 'Reload'. The reload never happens
 * under a running breathing session: it waits for the session to end. The service worker
 * is registered from main.tsx (src/app/serviceWorker).
 */
export function UpdatePrompt() {
  const waiting = useSyncExternalStore(subscribeUpdate, isUpdateWaiting, notWaiting);
  const [deferred, setDeferred] = useState(false);

  if (!waiting) return null;
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
            applyUpdate();
          }}
        >
          Reload
        </Button>
      ) : null}
    </div>
  );
}
