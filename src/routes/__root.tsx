import { Outlet, createRootRoute, useRouterState } from '@tanstack/react-router';
import { isOutsideMainLayout } from '../domain/navigation';
import { AppShell } from '../features/shell/AppShell';
import { UpdatePrompt } from '../features/pwa/UpdatePrompt';
import { AppToaster } from '../ui/toast';
import { PostSignIn } from '../features/auth/PostSignIn';
import { OfflineNotice } from '../features/network/OfflineNotice';

export const Route = createRootRoute({
  component: RootLayout,
});

function RootLayout() {
  const path = useRouterState({ select: (s) => s.location.pathname });
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
      <PostSignIn />
    </>
  );
}
