import { Button } from '../../ui/Button';

/** Full-page error (spec 2.11): 'Try Again' re-renders the route, 'Refresh Page' reloads. */
export function FullPageError({ error, reset }: { error?: unknown; reset?: () => void }) {
  const detail = error instanceof Error ? error.message : undefined;
  return (
    <div className="page error-page" role="alert">
      <h1>Oops! Something went wrong</h1>
      <p className="muted">An unexpected error occurred. Please try again.</p>
      {detail ? (
        <details>
          <summary>Details</summary>
          <pre>{detail}</pre>
        </details>
      ) : null}
      <div className="row">
        {reset ? <Button onClick={reset}>Try Again</Button> : null}
        <Button variant="secondary" onClick={() => window.location.reload()}>
          Refresh Page
        </Button>
      </div>
    </div>
  );
}
