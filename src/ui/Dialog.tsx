import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** 'sheet' slides in from the side (mobile menu). */
  variant?: 'dialog' | 'sheet';
}

/**
 * Accessible modal on the platform's own `<dialog>` (showModal): the rest of the page is
 * inert and focus stays inside, Esc or a press on the backdrop closes, the page behind does
 * not scroll, and focus returns to whatever was focused when it opened (the app's dialogs
 * are opened by its own buttons). Rendered only while open. (It was Radix's Dialog: the
 * browser does the same work, and the install is 9 kB lighter.)
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  variant = 'dialog',
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const descriptionId = useId();
  const change = useRef(onOpenChange);
  change.current = onOpenChange;

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = overflow;
      if (dialog.open) dialog.close();
      const back = opener.current;
      opener.current = null;
      if (back?.isConnected) back.focus();
    };
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    // Esc: the parent decides (a controlled dialog); the browser would close it on its own.
    const onCancel = (event: Event) => {
      event.preventDefault();
      change.current(false);
    };
    dialog.addEventListener('cancel', onCancel);
    return () => dialog.removeEventListener('cancel', onCancel);
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className={variant === 'sheet' ? 'sheet__content' : 'dialog__content'}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      // A press on the backdrop (the dialog element itself, outside its content box) closes.
      onPointerDown={(event) => {
        if (event.target !== event.currentTarget) return;
        const box = event.currentTarget.getBoundingClientRect();
        const inside =
          event.clientX >= box.left &&
          event.clientX <= box.right &&
          event.clientY >= box.top &&
          event.clientY <= box.bottom;
        if (!inside) change.current(false);
      }}
    >
      <h2 id={titleId}>{title}</h2>
      {description ? (
        <p id={descriptionId} className="muted">
          {description}
        </p>
      ) : null}
      {children}
    </dialog>
  );
}
