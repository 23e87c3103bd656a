import { createFileRoute } from '@tanstack/react-router';
import { useAuth } from '../app/auth/authStore';
import { ProgressScreen, PROGRESS_HEADING } from '../features/progress';
import { LoadingPage } from '../ui/LoadingPage';

/**
 * Progress: a member's sessions from every device; a guest's own sessions on this device,
 * with the offer to sign up for sync below them (docs/product.md § Around the practice).
 */
export const Route = createFileRoute('/progress')({
  component: ProgressRoute,
});

function ProgressRoute() {
  const { user, status } = useAuth();
  if (status === 'loading')
    return <LoadingPage heading={PROGRESS_HEADING} label="Loading your progress" className="progress-page" />;
  return <ProgressScreen userId={user?.id ?? null} />;
}
