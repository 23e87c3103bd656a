import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useSignedInUser, useSyncCounts } from '../../data/hooks';
import { useNetworkStatus } from '../../app/network/useNetworkStatus';
import { useSyncSnapshot } from './useSyncSnapshot';
import { useTick } from './useTick';
import { OFFLINE, ONLINE, SLOW } from './strings';
import './sync.css';

// The details dialog (and its dialog library) loads when first opened.
const SyncDetailsDialog = lazy(() => import('./SyncDetailsDialog').then((m) => ({ default: m.SyncDetailsDialog })));

/**
 * Header badge: Online or Offline plus the pending-session count, 'slow' on 2g/slow-2g,
 * a spinner while an upload runs (signed in). Opens the detailed view.
 */
export function SyncBadge() {
  useTick();
  const network = useNetworkStatus().status;
  const user = useSignedInUser();
  const counts = useSyncCounts(user?.userId ?? null);
  const { running } = useSyncSnapshot(Boolean(user));
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    // The dialog unmounts on close: focus goes back to the badge that opened it.
    if (wasOpen.current && !open) buttonRef.current?.focus();
    wasOpen.current = open;
  }, [open]);

  const offline = network === 'offline';
  const pending = user ? counts.pending : 0;
  const label = offline ? OFFLINE : ONLINE;
  const needsAttention = user ? counts.failed > 0 : false;
  const spoken = [
    `Sync status: ${label}`,
    network === 'slow' ? SLOW : null,
    user ? `${pending} pending ${pending === 1 ? 'session' : 'sessions'}` : null,
    needsAttention ? `${counts.failed} failed` : null,
  ]
    .filter(Boolean)
    .join(', ');

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={`sync-badge sync-badge--${network}${needsAttention ? ' sync-badge--attention' : ''}`}
        aria-label={spoken}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        data-testid="sync-badge"
      >
        <span className="sync-badge__dot" aria-hidden="true" />
        <span className="sync-badge__label">{label}</span>
        {network === 'slow' ? <span className="sync-badge__slow">slow</span> : null}
        {user && pending > 0 ? (
          <span className="sync-badge__count" data-testid="sync-pending">
            {pending} pending
          </span>
        ) : null}
        {running ? <span className="sync-badge__spinner" aria-hidden="true" /> : null}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <SyncDetailsDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
