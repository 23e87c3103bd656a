import { createFileRoute } from '@tanstack/react-router';
import { validateAuthSearch } from '../features/auth';
import { AuthScreen } from '../features/auth/AuthScreen';

/** The sign-in/sign-up form, outside the main layout. */
export const Route = createFileRoute('/auth')({
  validateSearch: validateAuthSearch,
  component: AuthRoute,
});

function AuthRoute() {
  const { context, redirect } = Route.useSearch();
  return <AuthScreen context={context} redirect={redirect} />;
}
