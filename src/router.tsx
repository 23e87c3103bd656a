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
      reset={() => {
        reset();
        void router.invalidate();
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
