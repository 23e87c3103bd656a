import { StrictMode } from 'react';
import { RouterProvider } from '@tanstack/react-router';
import { RootErrorBoundary } from './features/errors/RootErrorBoundary';
import type { router as appRouter } from './router';

/**
 * The app's React tree around the router: the same element in the browser (main.tsx) and in
 * the build-time prerender (entry-server.tsx), so the prerendered HTML hydrates as it is.
 */
export function AppTree({ router }: { router: typeof appRouter }) {
  return (
    <StrictMode>
      <RootErrorBoundary>
        <RouterProvider router={router} />
      </RootErrorBoundary>
    </StrictMode>
  );
}
