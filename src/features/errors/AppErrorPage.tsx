/**
 * 'Application Error' (spec 2.11): shown when the app itself cannot render (or the root
 * element is missing). Plain markup and inline styles only: nothing here may fail.
 */
export function AppErrorPage({ message }: { message?: string }) {
  return (
    <div className="page error-page" role="alert">
      <h1>Application Error</h1>
      <p>{message ?? 'Pneuma could not start. Please refresh the page, or contact support if this keeps happening.'}</p>
      <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
        Refresh Page
      </button>
    </div>
  );
}

/** Used before React exists (no root element). */
export const APP_ERROR_HTML =
  '<div role="alert" style="font-family:system-ui;padding:2rem"><h1>Application Error</h1>' +
  '<p>Pneuma could not find its page root. Please refresh the page, or contact support if this keeps happening.</p></div>';
