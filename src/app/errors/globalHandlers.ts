import { getNetworkStatus, subscribeNetworkStatus } from '../network/networkStore';
import type { CaptureOptions } from './reporter';
import type * as ReporterRuntime from './reporterRuntime';

/**
 * Global error handling (docs/product.md § Errors): uncaught errors and unhandled promise rejections are
 * recorded with (at least) high severity, stored locally and reported to
 * POST {apiUrl}/api/errors with the configured public key as bearer.
 *
 * This module stays small: the reporter (classifier, scrubbing, storage, sending) loads
 * with the first captured error, or a few seconds after start-up to send what an earlier
 * visit queued.
 */

/** How long after start-up the queue of an earlier visit is sent. */
const STARTUP_FLUSH_DELAY_MS = 3_000;

let runtime: Promise<typeof ReporterRuntime> | undefined;

function loadRuntime(): Promise<typeof ReporterRuntime> {
  runtime ??= import('./reporterRuntime');
  return runtime;
}

/**
 * Records an error caught by the app (error boundaries, failed actions). Returns at once;
 * storage and reporting happen in the background and never throw.
 */
export function captureError(error: unknown, options?: CaptureOptions): void {
  loadRuntime()
    .then(({ errorReporter }) => errorReporter.capture(error, options))
    .catch((loadError: unknown) =>
      console.warn('[errors] could not record an error', error, loadError),
    );
}

/** Sends the queued reports now (when online). */
function flushErrorReports(): Promise<void> {
  return loadRuntime()
    .then(({ errorReporter }) => errorReporter.flush())
    .catch((loadError: unknown) =>
      console.warn('[errors] could not send error reports', loadError),
    );
}

/** Browser noise that is not an app failure. */
const IGNORED = [/^ResizeObserver loop/i, /^Script error\.?$/i];

function ignored(message: string | undefined): boolean {
  return message !== undefined && IGNORED.some((p) => p.test(message));
}

let uninstall: (() => void) | undefined;

/** Installs the window handlers; sends anything queued from an earlier visit. Idempotent. */
export function installGlobalErrorHandlers(
  options: { startupFlushDelayMs?: number } = {},
): () => void {
  if (uninstall) return uninstall;
  const onError = (event: ErrorEvent) => {
    if (ignored(event.message)) return;
    const error: unknown = event.error ?? event.message;
    captureError(error, {
      source: 'window.error',
      minSeverity: 'high',
      context: event.filename
        ? { file: event.filename, line: event.lineno, column: event.colno }
        : undefined,
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
    if (wasOffline && !offline) void flushErrorReports();
    wasOffline = offline;
  });
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  const startupFlush = setTimeout(
    () => void flushErrorReports(),
    options.startupFlushDelayMs ?? STARTUP_FLUSH_DELAY_MS,
  );
  uninstall = () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
    clearTimeout(startupFlush);
    offStatus();
    uninstall = undefined;
  };
  return uninstall;
}
