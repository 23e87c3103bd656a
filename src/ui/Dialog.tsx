import * as RadixDialog from '@radix-ui/react-dialog';
import { useRef, type ReactNode } from 'react';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** 'sheet' slides in from the side (mobile menu). */
  variant?: 'dialog' | 'sheet';
}

/** Accessible modal (Radix): focus trapped, Esc closes, focus returns to the trigger. */
export function Dialog({ open, onOpenChange, title, description, children, variant = 'dialog' }: DialogProps) {
  // Radix gives focus back only to its own Dialog.Trigger; the app's dialogs are opened by its
  // own buttons, so the element focused when the dialog opened gets it back when it closes.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog__overlay" />
        <RadixDialog.Content
          className={variant === 'sheet' ? 'sheet__content' : 'dialog__content'}
          aria-describedby={description ? undefined : undefined}
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            const back = opener.current;
            opener.current = null;
            if (back?.isConnected) {
              event.preventDefault();
              back.focus();
            }
          }}
        >
          <RadixDialog.Title>{title}</RadixDialog.Title>
          {description ? <RadixDialog.Description className="muted">{description}</RadixDialog.Description> : null}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
