import { createFileRoute } from '@tanstack/react-router';
import { useAuth } from '../app/auth/authStore';
import { AuthGate } from '../features/gates';
import { ProgressScreen, PROGRESS_HEADING } from '../features/progress';

/** Progress is for signed-in users; a guest is sent to /auth?context=progress. */
export const Route = createFileRoute('/progress')({
  component: ProgressRoute,
});

function ProgressRoute() {
  const { user } = useAuth();
  return (
    <AuthGate requirement="account" fallback="redirect" context="progress" feature="Your progress" loadingHeading={PROGRESS_HEADING}>
      {user ? <ProgressScreen userId={user.id} /> : null}
    </AuthGate>
  );
}
