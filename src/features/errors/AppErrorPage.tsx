import { useEffect, useRef } from 'react';
import { ERROR_SCREEN_TEXT } from '../../domain/errors/screenText';

/**
 * 'Application Error' (docs/product.md § Errors): shown when the app itself cannot render. It asks to
 * refresh or contact support. Plain markup only: nothing here may fail.
 */
export function AppErrorPage({ message }: { message?: string }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  return (
    <div className="page error-page" role="alert">
      <h1 ref={headingRef} tabIndex={-1}>
        {ERROR_SCREEN_TEXT.appErrorTitle}
      </h1>
      <p>{message ?? ERROR_SCREEN_TEXT.appErrorBody}</p>
      <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
        {ERROR_SCREEN_TEXT.refreshPage}
      </button>
    </div>
  );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** Used before React exists (no root element): the same message. */
export const APP_ERROR_HTML =
  '<div role="alert" style="font-family:system-ui;padding:2rem;max-width:40rem;margin:0 auto">' +
  `<h1>${escapeHtml(ERROR_SCREEN_TEXT.appErrorTitle)}</h1>` +
  `<p>${escapeHtml(ERROR_SCREEN_TEXT.missingRootBody)}</p>` +
  `<button type="button" onclick="location.reload()">${escapeHtml(ERROR_SCREEN_TEXT.refreshPage)}</button></div>`;
