import { createFileRoute } from '@tanstack/react-router';
import { useAuth } from '../app/auth/authStore';
import { AuthGate } from '../features/gates';
import { ProfileScreen, PROFILE_HEADING } from '../features/profile';
import { SyncStatusPanel } from '../features/sync/SyncStatusPanel';

/** The profile is for signed-in users; a guest is sent to sign in. */
export const Route = createFileRoute('/profile')({
  component: ProfileRoute,
});

function ProfileRoute() {
  const { user, role } = useAuth();
  return (
    <AuthGate requirement="account" fallback="redirect" feature="Your profile" loadingHeading={PROFILE_HEADING}>
      {user ? <ProfileScreen user={user} role={role} syncStatus={<SyncStatusPanel />} /> : null}
    </AuthGate>
  );
}
