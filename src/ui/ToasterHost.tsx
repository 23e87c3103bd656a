import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { buttonClass } from './Button';
import { currentToast, dismissToast, subscribeToast, type ToastData } from './toastStore';
import './toaster.css';

// The store travels with the toaster's chunk: the first load holds only the notify API (./toast.tsx).
export { dismissToast, putToast } from './toastStore';

/**
 * The toaster, loaded with the first toast (it is not part of the first page load). One
 * toast at a time (src/ui/toastStore.ts). A polite live region that is on the page before
 * its first toast is put in it: a toast is a status, an error an alert. It floats at the
 * bottom (above the bottom navigation on a phone, toaster.css and shell.css), so it moves
 * nothing; its timer waits while it is hovered or focused; Esc or the close button dismisses it.
 */
export default function ToasterHost() {
  const toast = useSyncExternalStore(subscribeToast, currentToast, () => null);
  // The region is rendered empty once before any toast goes in, so screen readers know it.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return (
    <section
      className="toaster"
      aria-label="Notifications"
      aria-live="polite"
      aria-relevant="additions text"
    >
      {ready && toast ? <Toast key={toast.id} toast={toast} /> : null}
    </section>
  );
}

function Toast({ toast }: { toast: ToastData }) {
  const [paused, setPaused] = useState(false);
  // Time left on the timer, kept across pauses.
  const left = useRef(toast.duration);
  useEffect(() => {
    if (paused || !Number.isFinite(left.current)) return;
    const started = Date.now();
    const timer = setTimeout(() => dismissToast(toast.id), left.current);
    return () => {
      clearTimeout(timer);
      left.current -= Date.now() - started;
    };
  }, [paused, toast.id]);
  const close = () => dismissToast(toast.id);
  return (
    <div
      className={`toast toast--${toast.kind}`}
      role={toast.kind === 'error' ? 'alert' : 'status'}
      aria-atomic="true"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setPaused(false);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') close();
      }}
    >
      <div className="toast__text">
        <p className="toast__title">{toast.title}</p>
        {toast.description ? <p className="toast__description">{toast.description}</p> : null}
      </div>
      {toast.action ? (
        <button
          type="button"
          className={`${buttonClass('secondary', 'sm')} toast__action`}
          onClick={() => {
            toast.action?.onClick();
            close();
          }}
        >
          {toast.action.label}
        </button>
      ) : null}
      <button
        type="button"
        className={`${buttonClass('ghost', 'md', true)} toast__close`}
        aria-label="Dismiss notification"
        onClick={close}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
