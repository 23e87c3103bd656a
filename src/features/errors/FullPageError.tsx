import { useEffect, useRef } from 'react';
import { classifyError } from '../../domain/errors/classifier';
import { ERROR_SCREEN_TEXT } from '../../domain/errors/messages';
import { scrubString } from '../../domain/errors/scrub';
import { Button } from '../../ui/Button';
import { captureError } from '../../app/errors/globalHandlers';
import { NeedsNetworkPage } from './NeedsNetworkPage';

const captured = new WeakSet<object>();

/**
 * Full-page error (docs/product.md § Errors): 'Oops! Something went wrong' with the catalogue's calm
 * message, 'Try Again' (re-renders the route through `reset`) and 'Refresh Page'
 * (reloads). The error is recorded once (high severity) and its technical text is
 * only under "Error details".
 */
export function FullPageError({ error, reset }: { error?: unknown; reset?: () => void }) {
  const classified = classifyError(error);
  // Offline, a page whose code or data needs the server is not an error (issue 44 item 5).
  const needsNetwork =
    classified.category === 'network' && typeof navigator !== 'undefined' && !navigator.onLine;
  if (needsNetwork) return <NeedsNetworkPage path={window.location.pathname} />;
  return <ErrorScreen error={error} reset={reset} classified={classified} />;
}

function ErrorScreen({
  error,
  reset,
  classified,
}: {
  error?: unknown;
  reset?: () => void;
  classified: ReturnType<typeof classifyError>;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  useEffect(() => {
    if (error === undefined) return;
    if (typeof error === 'object' && error !== null) {
      if (captured.has(error)) return;
      captured.add(error);
    }
    captureError(error, { source: 'route', minSeverity: 'high' });
  }, [error]);

  return (
    <div className="page error-page" role="alert">
      <h1 ref={headingRef} tabIndex={-1}>
        {ERROR_SCREEN_TEXT.fullPageTitle}
      </h1>
      <p className="muted">{classified.userMessage}</p>
      <div className="row">
        {reset ? <Button onClick={reset}>{ERROR_SCREEN_TEXT.tryAgain}</Button> : null}
        <Button variant="secondary" onClick={() => window.location.reload()}>
          {ERROR_SCREEN_TEXT.refreshPage}
        </Button>
      </div>
      {classified.message && error !== undefined ? (
        <details className="error-page__details">
          <summary>{ERROR_SCREEN_TEXT.errorDetails}</summary>
          <pre>{scrubString(`${classified.name}: ${classified.message}`)}</pre>
        </details>
      ) : null}
    </div>
  );
}
