import { useState } from 'react';
import { Dialog } from '../../ui/Dialog';

export interface GuestAttachDialogProps {
  count: number;
  onAttach: () => Promise<void>;
  onKeep: () => Promise<void>;
  onDismiss: () => void;
}

export function GuestAttachDialog({ count, onAttach, onKeep, onDismiss }: GuestAttachDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const act = (f: () => Promise<void>) => async () => {
    setBusy(true);
    setError(null);
    try {
      await f();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Could not update the sessions on this device.');
      setBusy(false);
    }
  };
  const sessions = `${count} ${count === 1 ? 'session' : 'sessions'}`;
  return (
    <Dialog
      open
      onOpenChange={(o) => {
        if (!o) onDismiss();
      }}
      title="Add your guest sessions to your account?"
      description={`You practiced ${sessions} on this device before signing in. Add them to your account to sync them and count them in your progress, or keep them on this device only.`}
    >
      {error ? (
        <p role="alert" className="sync-panel__error">
          {error}
        </p>
      ) : null}
      <div className="sync-dialog__actions">
        <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void act(onAttach)()}>
          Add {sessions} to my account
        </button>
        <button type="button" className="btn btn--secondary" disabled={busy} onClick={() => void act(onKeep)()}>
          Keep on this device only
        </button>
      </div>
    </Dialog>
  );
}
