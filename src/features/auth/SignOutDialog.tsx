import { useLocalQuery } from '../../data/useLocalQuery';
import { countUnsyncedChanges, type UnsyncedChanges } from '../../sync/personData';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import './signOut.css';
import {
  cancelSignOut,
  confirmSignOut,
  useSignOutState,
  type SignOutState,
  type WhyUnsynced,
} from './signOutFlow';

const BECAUSE: Record<WhyUnsynced, string> = {
  offline: ' because this device is offline',
  expired: ' because your sign-in has expired',
  refused: ' because the server refused some of them',
  server: ' because the server could not be reached',
  timeout: ' because uploading took too long',
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "2 sessions and 1 other change" (patterns, favourites, ratings and preferences are "other changes"). */
export function describeUnsynced(u: UnsyncedChanges): string {
  const parts = [
    u.sessions ? plural(u.sessions, 'session', 'sessions') : '',
    u.other
      ? plural(
          u.other,
          u.sessions ? 'other change' : 'change',
          u.sessions ? 'other changes' : 'changes',
        )
      : '',
  ].filter(Boolean);
  return parts.join(' and ');
}

/** The text of the choice: what would be lost and why it was not uploaded. */
export function unsyncedMessage(u: UnsyncedChanges, why: WhyUnsynced | null): string {
  const verb = u.total === 1 ? 'has' : 'have';
  const them = u.total === 1 ? 'it' : 'them';
  return (
    `${describeUnsynced(u)} made on this device ${verb} not reached your account yet${why ? BECAUSE[why] : ''}. ` +
    `Signing out removes your data from this device, so you would lose ${them}. ` +
    `Stay signed in to upload ${them} later.`
  );
}

/** The dialog for the flow's current step (nothing when idle). */
export function SignOutDialogHost() {
  const state = useSignOutState();
  return state.step === 'idle' ? null : <SignOutDialog state={state} />;
}

export function SignOutDialog({ state }: { state: Exclude<SignOutState, { step: 'idle' }> }) {
  const userId = state.step === 'confirm' ? state.userId : null;
  // While the choice is open, uploads may still finish (the connection came back).
  const live = useLocalQuery(() => (userId ? countUnsyncedChanges(userId) : undefined), [userId]);
  const onOpenChange = (open: boolean) => {
    if (!open) cancelSignOut();
  };

  if (state.step === 'confirm') {
    const unsynced = live ?? state.unsynced;
    const allUploaded = unsynced.total === 0;
    return (
      <Dialog
        open
        onOpenChange={onOpenChange}
        title={allUploaded ? 'Everything is uploaded' : 'Sign out and lose changes?'}
        description={
          allUploaded
            ? 'Your changes reached your account. Signing out removes your data from this device; it comes back when you sign in again.'
            : unsyncedMessage(unsynced, state.why)
        }
      >
        <div className="row sign-out__actions">
          <Button variant="primary" autoFocus onClick={cancelSignOut}>
            Stay signed in
          </Button>
          <Button
            variant={allUploaded ? 'secondary' : 'danger'}
            onClick={() => void confirmSignOut()}
          >
            {allUploaded ? 'Sign out' : 'Sign out and lose them'}
          </Button>
        </div>
      </Dialog>
    );
  }

  if (state.step === 'failed') {
    return (
      <Dialog open onOpenChange={onOpenChange} title="Could not sign out">
        <p role="alert">{state.message}</p>
        <div className="row sign-out__actions">
          <Button variant="primary" autoFocus onClick={cancelSignOut}>
            Close
          </Button>
        </div>
      </Dialog>
    );
  }

  const uploading = state.step === 'uploading';
  return (
    <Dialog open onOpenChange={onOpenChange} title="Signing out">
      <p role="status" aria-live="polite">
        {uploading
          ? 'Uploading your changes to your account first…'
          : 'Removing your data from this device…'}
      </p>
      {uploading ? (
        <div className="row sign-out__actions">
          <Button variant="secondary" autoFocus onClick={cancelSignOut}>
            Stay signed in
          </Button>
        </div>
      ) : null}
    </Dialog>
  );
}
