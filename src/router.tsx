import { lazy, Suspense } from 'react';
import {
  createRouter,
  useRouter,
  type ErrorComponentProps,
  type RouterHistory,
} from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import { AppErrorPage } from './features/errors/AppErrorPage';
import { FallbackBoundary } from './ui/FallbackBoundary';
import { LoadingDots } from './ui/LoadingDots';

// The full-page error (with the error classifier) loads only when a route fails; it is
// precached, so it is there offline too. Offline before the service worker has cached it,
// the plain 'Application Error' page (part of the first load) stands in.
const FullPageError = lazy(() =>
  import('./features/errors/FullPageError').then((m) => ({ default: m.FullPageError })),
);
import { NotFoundPage } from './features/errors/NotFoundPage';

function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <FallbackBoundary fallback={<AppErrorPage />}>
      <Suspense fallback={<LoadingDots label="Loading error details" />}>
        <FullPageError
          error={error}
          reset={async () => {
            // Re-run the loaders first, then clear the boundary: clearing it first re-renders
            // the failed match at once, the boundary catches its error again and keeps showing
            // it even after the reload succeeds (seen in Chromium when 'Try Again' is pressed
            // right after the error appears).
            await router.invalidate();
            reset();
          }}
        />
      </Suspense>
    </FallbackBoundary>
  );
}

/**
 * The app's router. `history` is the browser's by default; the build-time prerender
 * (src/entry-server.tsx) passes a memory history, one per page it renders, and leaves out
 * scroll restoration (on a server the router would write an inline script for it into the
 * page, which the browser's render does not have: hydration would not match).
 */
export function createAppRouter(history?: RouterHistory, { prerender = false } = {}) {
  return createRouter({
    routeTree,
    history,
    defaultPreload: 'intent',
    defaultPendingComponent: () => <LoadingDots />,
    defaultPendingMs: 150,
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: NotFoundPage,
    scrollRestoration: !prerender,
  });
}

export const router = createAppRouter();

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
