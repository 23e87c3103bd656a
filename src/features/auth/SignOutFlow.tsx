import { lazy, Suspense } from 'react';
import { useSignOutState } from './signOutFlow';

// The dialog (and its dialog library) loads only when someone signs out.
const SignOutDialog = lazy(() =>
  import('./SignOutDialog').then((m) => ({ default: m.SignOutDialog })),
);

/** Mounted once at the root: shows the sign-out dialog while a sign-out is under way. */
export function SignOutFlow() {
  const state = useSignOutState();
  if (state.step === 'idle') return null;
  return (
    <Suspense fallback={null}>
      <SignOutDialog state={state} />
    </Suspense>
  );
}
