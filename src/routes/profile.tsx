import { createFileRoute } from '@tanstack/react-router';
import { AuthGate } from '../features/gates';
import { ProfileScreen, PROFILE_HEADING } from '../features/profile';
import { SyncStatusPanel } from '../features/sync/SyncStatusPanel';
import { useMergedUser } from '../features/wallet';

/** The profile is for signed-in users; a guest is sent to sign in. */
export const Route = createFileRoute('/profile')({
  component: ProfileRoute,
});

function ProfileRoute() {
  const me = useMergedUser();
  return (
    <AuthGate requirement="account" fallback="redirect" feature="Your profile" loadingHeading={PROFILE_HEADING}>
      {me ? (
        <ProfileScreen
          user={{ id: me.id, email: me.email, ...me.profile }}
          role={me.role}
          syncStatus={<SyncStatusPanel />}
        />
      ) : null}
    </AuthGate>
  );
}
