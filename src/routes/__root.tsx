import { lazy } from 'react';
import { Outlet, createRootRoute, useRouterState } from '@tanstack/react-router';
import { isOutsideMainLayout } from '../domain/navigation';
import { AppShell, usePageTitle, useQuietSessions } from '../features/shell';
import { UpdatePrompt } from '../features/pwa';
import { AppToaster } from '../ui/toast';
import { PostSignIn, SignOutFlow, useForgetPendingAction } from '../features/auth';
import { OfflineNotice } from '../features/network';

// Offered right after a sign-in; loaded only then.
const GuestAttachPrompt = lazy(() =>
  import('../features/sync/GuestAttachPrompt').then((m) => ({ default: m.GuestAttachPrompt })),
);

export const Route = createRootRoute({
  component: RootLayout,
});

function RootLayout() {
  const path = useRouterState({ select: (s) => s.location.pathname });
  usePageTitle(path);
  useQuietSessions(path);
  useForgetPendingAction(path);
  return (
    <>
      <OfflineNotice />
      {isOutsideMainLayout(path) ? (
        <main id="main" className="app-main app-main--bare">
          <Outlet />
        </main>
      ) : (
        <AppShell>
          <Outlet />
        </AppShell>
      )}
      <UpdatePrompt />
      <AppToaster />
      <PostSignIn offer={(userId) => <GuestAttachPrompt userId={userId} />} />
      <SignOutFlow />
    </>
  );
}
