import { Suspense, lazy, useEffect, useState } from 'react';
import type { ClassifyOptions } from '../domain/errors/classifier';
import { ERROR_SCREEN_TEXT } from '../domain/errors/screenText';
import { loadOnce } from '../domain/loadOnce';
import { FallbackBoundary } from './FallbackBoundary';
import type { ToastKind } from './toastStore';

/**
 * Toasts (docs/product.md § Errors). One at a time: a new toast replaces the one on screen
 * (src/ui/toastStore.ts). Texts come from src/domain/errors/messages.ts (TOAST_TEXT and the
 * catalogue) or the feature's own strings. The toaster that draws them (src/ui/ToasterHost.tsx)
 * is loaded with the first toast, not at start-up.
 */

/** How long a toast stays unless the caller says otherwise (ms). */
const DEFAULT_DURATION_MS = 4_000;

/** The toaster's own chunk: a toast counts as shown only once it can render. */
const loadHost = loadOnce(() => import('./ToasterHost'));
/** React keeps a lazy component's failed load for good: a fresh one is made after a failure. */
let ToasterHost = lazy(loadHost);
let requested = false;
const hostListeners = new Set<() => void>();

/** Mounts the toaster (AppToaster) and resolves with its module once its chunk has loaded. */
function requestHost(): ReturnType<typeof loadHost> {
  if (!requested) {
    requested = true;
    for (const listener of hostListeners) listener();
  }
  return loadHost();
}

/** Mount once, at the root. Renders nothing until the first toast. */
export function AppToaster() {
  const [active, setActive] = useState(requested);
  useEffect(() => {
    const listener = () => setActive(true);
    hostListeners.add(listener);
    if (requested) setActive(true);
    return () => {
      hostListeners.delete(listener);
    };
  }, []);
  if (!active) return null;
  return (
    // The toaster's chunk could not load (offline before it was cached): that toast counts as
    // not shown (the caller falls back) and the next toast tries the load again.
    <FallbackBoundary
      fallback={null}
      onFail={() => {
        ToasterHost = lazy(loadHost);
        requested = false;
        setActive(false);
      }}
    >
      <Suspense fallback={null}>
        <ToasterHost />
      </Suspense>
    </FallbackBoundary>
  );
}

interface NotifyOptions {
  description?: string;
  action?: { label: string; onClick: () => void };
  duration?: number;
}

/** Shows a toast (replacing the one on screen); resolves with its id. Never throws. */
function show(
  kind: ToastKind,
  title: string,
  options: NotifyOptions = {},
): Promise<number | undefined> {
  return requestHost()
    .then(({ putToast }) =>
      putToast({
        kind,
        title,
        description: options.description,
        action: options.action,
        duration: options.duration ?? DEFAULT_DURATION_MS,
      }),
    )
    .catch((error: unknown) => {
      // e.g. the chunk could not load offline before it was cached: fall back to the console
      console.warn('[toast]', title, error);
      return undefined;
    });
}

export const notify = {
  success: (title: string, options?: NotifyOptions) => show('success', title, options),
  /** The destructive variant (e.g. 'Connection failed'). */
  error: (title: string, options?: NotifyOptions) => show('error', title, options),
  info: (title: string, options?: NotifyOptions) => show('info', title, options),
  message: (title: string, options?: NotifyOptions) => show('message', title, options),
  /**
   * The catalogue's calm message for any thrown value; offers Retry when the error's
   * recovery is 'retry' and a retry function is given.
   */
  async fromError(error: unknown, options: { onRetry?: () => void } & ClassifyOptions = {}) {
    // The classifier loads with the first error toast, not with the first screen.
    const { classifyError } = await import('../domain/errors/classifier');
    const c = classifyError(error, options);
    const action =
      c.recovery === 'retry' && options.onRetry
        ? { label: c.action ?? ERROR_SCREEN_TEXT.retry, onClick: options.onRetry }
        : undefined;
    return show('error', c.userMessage, { action });
  },
  /** Takes the toast on screen away (only once a toast was asked for: it never loads the toaster). */
  dismiss: () => {
    if (requested)
      void loadHost().then(
        ({ dismissToast }) => dismissToast(),
        () => undefined,
      );
  },
};
