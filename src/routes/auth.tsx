import { createFileRoute } from '@tanstack/react-router';
import { validateAuthSearch } from '../features/auth';
import { AuthScreen } from '../features/auth/AuthScreen';
import { ForgotPasswordScreen } from '../features/auth/ForgotPasswordScreen';
import { ResetPasswordScreen } from '../features/auth/ResetPasswordScreen';

/** The sign-in/sign-up form, outside the main layout; mode=forgot|reset for a lost password. */
export const Route = createFileRoute('/auth')({
  validateSearch: validateAuthSearch,
  component: AuthRoute,
});

function AuthRoute() {
  const { context, redirect, mode, notice } = Route.useSearch();
  if (mode === 'forgot') return <ForgotPasswordScreen />;
  if (mode === 'reset') return <ResetPasswordScreen />;
  return <AuthScreen context={context} redirect={redirect} notice={notice} />;
}
