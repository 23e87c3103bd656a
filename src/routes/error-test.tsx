import { createFileRoute } from '@tanstack/react-router';
import { NotFoundPage } from '../features/errors';
import { useHydrating } from '../ui/useHydrating';

/**
 * /error-test: a diagnostics page for the error screens, linked from nowhere. It is open in
 * development builds; in a production build it is the 404 page unless this device has
 * diagnostics turned on (localStorage `pneuma.diagnostics` = '1', which only a tester sets:
 * the browser tests do). With `?fail=once` its loader fails the first time it runs in this
 * page load (a simulated transient failure), so the full-page error shows and 'Try Again'
 * recovers. It reads and writes nothing else.
 */
const DIAGNOSTICS_KEY = 'pneuma.diagnostics';

function diagnosticsOpen(): boolean {
  if (import.meta.env.DEV) return true;
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem(DIAGNOSTICS_KEY) === '1';
  } catch {
    return false;
  }
}

let failuresLeft = 1;

export const Route = createFileRoute('/error-test')({
  validateSearch: (search: Record<string, unknown>): { fail?: 'once' } => (search.fail === 'once' ? { fail: 'once' } : {}),
  loaderDeps: ({ search }) => ({ fail: search.fail }),
  loader: ({ deps }) => {
    if (diagnosticsOpen() && deps.fail === 'once' && failuresLeft > 0) {
      failuresLeft -= 1;
      throw new Error('Simulated transient failure (error-test page)');
    }
    return { loadedAt: Date.now() };
  },
  component: ErrorTestPage,
});

function ErrorTestPage() {
  // The built page is the 404 (no device is known then); the browser decides after hydrating.
  const hydrating = useHydrating();
  if (hydrating || !diagnosticsOpen()) return <NotFoundPage />;
  return (
    <div className="page">
      <h1>Error screen check</h1>
      <p className="muted">This page loaded normally. It exists to check the app&apos;s error screens.</p>
    </div>
  );
}
