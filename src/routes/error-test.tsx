import { createFileRoute } from '@tanstack/react-router';

/**
 * /error-test: a diagnostics page for the error screens, linked from nowhere. With
 * `?fail=once` its loader fails the first time it runs in this page load (a simulated
 * transient failure), so the full-page error shows and 'Try Again' recovers. It reads
 * and writes nothing and is harmless in production; the browser tests use it.
 */
let failuresLeft = 1;

export const Route = createFileRoute('/error-test')({
  validateSearch: (search: Record<string, unknown>): { fail?: 'once' } => (search.fail === 'once' ? { fail: 'once' } : {}),
  loaderDeps: ({ search }) => ({ fail: search.fail }),
  loader: ({ deps }) => {
    if (deps.fail === 'once' && failuresLeft > 0) {
      failuresLeft -= 1;
      throw new Error('Simulated transient failure (error-test page)');
    }
    return { loadedAt: Date.now() };
  },
  component: ErrorTestPage,
});

function ErrorTestPage() {
  return (
    <div className="page">
      <h1>Error screen check</h1>
      <p className="muted">This page loaded normally. It exists to check the app&apos;s error screens.</p>
    </div>
  );
}
