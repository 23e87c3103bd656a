import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

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
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog__overlay" />
        <RadixDialog.Content
          className={variant === 'sheet' ? 'sheet__content' : 'dialog__content'}
          aria-describedby={description ? undefined : undefined}
        >
          <RadixDialog.Title>{title}</RadixDialog.Title>
          {description ? <RadixDialog.Description className="muted">{description}</RadixDialog.Description> : null}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
