import { createRouter, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import { LoadingDots } from './ui/LoadingDots';
import { FullPageError } from './features/errors/FullPageError';
import { NotFoundPage } from './features/errors/NotFoundPage';

function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  return (
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
  );
}

export const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  defaultPendingComponent: () => <LoadingDots />,
  defaultPendingMs: 150,
  defaultErrorComponent: RouteError,
  defaultNotFoundComponent: NotFoundPage,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
