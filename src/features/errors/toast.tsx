import { lazy, Suspense, useSyncExternalStore } from 'react';
import { classifyError, type ClassifyOptions } from '../../domain/errors/classifier';
import { ERROR_SCREEN_TEXT } from '../../domain/errors/messages';

/**
 * Toasts (spec 8) through sonner. Toast limit is 1: a new toast replaces the one on
 * screen. Texts come from src/domain/errors/messages.ts (TOAST_TEXT and the catalogue).
 */

export const TOAST_LIMIT = 1;

// sonner is not needed to draw the first screen: the toaster mounts (and sonner loads) on
// the first notify call, which waits until it is listening so no toast is lost.
const ToasterView = lazy(() => import('./ToasterView'));
const loadSonner = () => import('sonner');

let toasterWanted = false;
const wantListeners = new Set<() => void>();
let markMounted: () => void = () => {};
const toasterMounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

function requestToaster(): Promise<void> {
  if (!toasterWanted) {
    toasterWanted = true;
    wantListeners.forEach((l) => l());
  }
  // Never hang a caller if no AppToaster is mounted at all.
  return Promise.race([toasterMounted, new Promise<void>((r) => setTimeout(r, 2_000))]);
}

function subscribeWanted(listener: () => void): () => void {
  wantListeners.add(listener);
  return () => wantListeners.delete(listener);
}

/** Mount once, at the root. */
export function AppToaster() {
  const wanted = useSyncExternalStore(subscribeWanted, () => toasterWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToasterView limit={TOAST_LIMIT} onMounted={markMounted} />
    </Suspense>
  );
}

export interface NotifyOptions {
  description?: string;
  action?: { label: string; onClick: () => void };
  duration?: number;
}

async function show(kind: 'success' | 'error' | 'info' | 'message', title: string, options: NotifyOptions = {}): Promise<string | number> {
  const [{ toast }] = await Promise.all([loadSonner(), requestToaster()]);
  toast.dismiss(); // one at a time
  const opts = {
    description: options.description,
    duration: options.duration,
    action: options.action ? { label: options.action.label, onClick: options.action.onClick } : undefined,
  };
  switch (kind) {
    case 'success':
      return toast.success(title, opts);
    case 'error':
      return toast.error(title, opts);
    case 'info':
      return toast.info(title, opts);
    default:
      return toast(title, opts);
  }
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
  fromError(error: unknown, options: { onRetry?: () => void } & ClassifyOptions = {}) {
    const c = classifyError(error, options);
    const action =
      c.recovery === 'retry' && options.onRetry ? { label: c.action ?? ERROR_SCREEN_TEXT.retry, onClick: options.onRetry } : undefined;
    return show('error', c.userMessage, { action });
  },
  dismiss: () => void loadSonner().then(({ toast }) => toast.dismiss()),
};
