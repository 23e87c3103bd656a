import { createFileRoute } from '@tanstack/react-router';
import { useAuth } from '../app/auth/authStore';
import { CreatorScreen, CREATOR_HUB_HEADING } from '../features/creator';
import { AuthGate } from '../features/gates';

/** The Creator Hub is for signed-in creators; a guest is sent to sign in. */
export const Route = createFileRoute('/creator-dashboard')({
  component: CreatorDashboardRoute,
});

function CreatorDashboardRoute() {
  const { user } = useAuth();
  return (
    <AuthGate requirement="account" fallback="redirect" feature="Your Creator Hub" loadingHeading={CREATOR_HUB_HEADING}>
      {user ? <CreatorScreen key={user.id} userId={user.id} /> : null}
    </AuthGate>
  );
}
