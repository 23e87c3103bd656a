import { useState, type ReactNode } from 'react';
import { Button, type ButtonVariant } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';

/**
 * A yes-or-cancel question before an action that others see (publish, unpublish). The
 * confirm button is off while `onConfirm` runs; the dialog closes when it resolves true.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  busyLabel = confirmLabel,
  variant = 'primary',
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  busyLabel?: string;
  variant?: ButtonVariant;
  onConfirm: () => Promise<boolean>;
}) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    const done = await onConfirm();
    setBusy(false);
    if (done) onOpenChange(false);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      <div className="row">
        <Button variant={variant} disabled={busy} onClick={() => void confirm()}>
          {busy ? busyLabel : confirmLabel}
        </Button>
        <Button variant="ghost" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
      </div>
    </Dialog>
  );
}
