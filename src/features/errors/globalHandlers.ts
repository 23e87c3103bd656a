import { getConfig } from '../../backend/config';
import { request } from '../../backend/request';
import { getNetworkStatus, subscribeNetworkStatus } from '../network/networkStore';
import { createErrorReporter, dexieErrorStore, type CaptureOptions, type ErrorReporter, type ReportPayload } from './reporter';

/**
 * Global error handling (spec 8): uncaught errors and unhandled promise rejections are
 * recorded with (at least) high severity, stored locally and reported to
 * POST {apiUrl}/api/errors with the configured public key as bearer.
 */

async function sendReports(reports: ReportPayload[]): Promise<void> {
  const { apiUrl, supabaseAnonKey } = getConfig();
  await request(`${apiUrl}/api/errors`, {
    service: 'errors',
    method: 'POST',
    body: { reports },
    bearer: supabaseAnonKey,
    attempts: 1,
    responseType: 'none',
  });
}

export const errorReporter: ErrorReporter = createErrorReporter({
  send: sendReports,
  random: Math.random,
  now: () => Date.now(),
  // offline = the browser says so, or the backend does not answer its health check
  isOnline: () => getNetworkStatus() !== 'offline',
  store: dexieErrorStore,
  pageUrl: () => (typeof location === 'undefined' ? undefined : location.origin + location.pathname),
  userAgent: () => (typeof navigator === 'undefined' ? undefined : navigator.userAgent),
});

/**
 * Records an error caught by the app (error boundaries, failed actions). Returns at once;
 * storage and reporting happen in the background.
 */
export function captureError(error: unknown, options?: CaptureOptions): void {
  void errorReporter.capture(error, options);
}

/** Browser noise that is not an app failure. */
const IGNORED = [/^ResizeObserver loop/i, /^Script error\.?$/i];

function ignored(message: string | undefined): boolean {
  return message !== undefined && IGNORED.some((p) => p.test(message));
}

let uninstall: (() => void) | undefined;

/** Installs the window handlers and sends anything queued from an earlier visit. Idempotent. */
export function installGlobalErrorHandlers(): () => void {
  if (uninstall) return uninstall;
  const onError = (event: ErrorEvent) => {
    if (ignored(event.message)) return;
    const error = event.error ?? event.message;
    captureError(error, {
      source: 'window.error',
      minSeverity: 'high',
      context: event.filename ? { file: event.filename, line: event.lineno, column: event.colno } : undefined,
    });
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    const reason: unknown = event.reason;
    if (reason instanceof Error && ignored(reason.message)) return;
    captureError(reason, { source: 'unhandledrejection', minSeverity: 'high' });
  };
  // Queued reports leave as soon as the network status is back from offline.
  let wasOffline = getNetworkStatus() === 'offline';
  const offStatus = subscribeNetworkStatus(() => {
    const offline = getNetworkStatus() === 'offline';
    if (wasOffline && !offline) void errorReporter.flush();
    wasOffline = offline;
  });
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  void errorReporter.flush();
  uninstall = () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
    offStatus();
    uninstall = undefined;
  };
  return uninstall;
}
