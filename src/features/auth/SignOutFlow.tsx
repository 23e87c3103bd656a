import { lazy, Suspense } from 'react';
import { useSignOutActive } from './signOutActive';

// The flow's dialog (and the dialog library) loads only when someone signs out.
const SignOutDialogHost = lazy(() =>
  import('./SignOutDialog').then((m) => ({ default: m.SignOutDialogHost })),
);

/** Mounted once at the root: shows the sign-out dialog while a sign-out is under way. */
export function SignOutFlow() {
  if (!useSignOutActive()) return null;
  return (
    <Suspense fallback={null}>
      <SignOutDialogHost />
    </Suspense>
  );
}
