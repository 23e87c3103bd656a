import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocalQuery } from '../../data/useLocalQuery';
import { useGuestSessionCount } from '../../data/hooks';
import { attachGuestSessions, declineGuestAttach, hasDeclinedGuestAttach } from '../../data/sessionsRepo';
import { requestSync } from '../../sync/page/syncEngine';

const GuestAttachDialog = lazy(() => import('./GuestAttachDialog').then((m) => ({ default: m.GuestAttachDialog })));

/**
 * After sign-in or sign-up: when this device holds guest sessions, offer to add them to
 * the account. Nothing moves without the user's choice; "keep" is remembered per account.
 */
export function GuestAttachPrompt({ userId }: { userId: string }) {
  const guestCount = useGuestSessionCount();
  const declined = useLocalQuery(() => hasDeclinedGuestAttach(userId), [userId]);
  const [closed, setClosed] = useState(false);
  useEffect(() => setClosed(false), [userId]);
  const open = guestCount > 0 && declined === false && !closed;
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <GuestAttachDialog
        count={guestCount}
        onAttach={async () => {
          await attachGuestSessions(userId);
          setClosed(true);
          requestSync();
        }}
        onKeep={async () => {
          await declineGuestAttach(userId);
          setClosed(true);
        }}
        onDismiss={() => setClosed(true)}
      />
    </Suspense>
  );
}
