import { createFileRoute } from '@tanstack/react-router';
import { validateAuthSearch } from '../features/auth';
import { AuthScreen } from '../features/auth/AuthScreen';

/** /onboarding is the same sign-in/sign-up form as /auth, outside the main layout. */
export const Route = createFileRoute('/onboarding')({
  validateSearch: validateAuthSearch,
  component: OnboardingRoute,
});

function OnboardingRoute() {
  const { context, redirect } = Route.useSearch();
  return <AuthScreen context={context} redirect={redirect} />;
}
