import './profile.css';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Dialog } from '../../ui/Dialog';
import { Field } from '../../ui/Field';
import type { UserRole } from '../../domain/authLevel';
import { CoachPreferences } from '../coach';
import { downloadDataFile } from '../data-bundle';
import { ProfileWalletSlot } from '../wallet';
import { notify } from '../../ui/toast';
import { displayName, updateProfile, type AuthUser } from '../../app/auth/authStore';
import { useSignOut } from '../auth';
import { deleteAccount, DELETE_CONFIRMATION_WORD, signOutAfterDeletion } from './accountDeletion';
import { avatarFromFile, avatarUrlError } from './avatar';

const DISPLAY_NAME_MAX = 60;

/** A display name is required once set up here (a blank one is refused) and fits the limit. */
function nameProblem(name: string): string | undefined {
  if (!name.trim()) return 'Enter a name: it is shown with what you share.';
  if (name.trim().length > DISPLAY_NAME_MAX) return `Use at most ${DISPLAY_NAME_MAX} characters.`;
  return undefined;
}

/** A member who creates or teaches sees it named; an ordinary member has no label at all. */
const ROLE_LABEL: Record<UserRole, string | null> = {
  user: null,
  creator: 'Creator',
  instructor: 'Instructor',
};

function Avatar({ user, size = 72 }: { user: AuthUser; size?: number }) {
  const [broken, setBroken] = useState(false);
  const initial = displayName(user).slice(0, 1).toUpperCase();
  if (user.avatarUrl && !broken) {
    return (
      <img
        className="avatar"
        src={user.avatarUrl}
        alt=""
        width={size}
        height={size}
        onError={() => setBroken(true)}
      />
    );
  }
  return (
    <span
      className="avatar avatar--initial"
      style={{ width: size, height: size }}
      aria-hidden="true"
    >
      {initial}
    </span>
  );
}

function EditProfile({ user }: { user: AuthUser }) {
  const [name, setName] = useState(user.name ?? '');
  const [avatarUrl, setAvatarUrl] = useState(user.avatarUrl ?? '');
  const [error, setError] = useState<string | undefined>();
  const [nameError, setNameError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const fileId = useId();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const urlError = avatarUrlError(avatarUrl);
    const problem = nameProblem(name);
    setNameError(problem);
    setError(urlError ?? undefined);
    if (problem) {
      nameRef.current?.focus();
      return;
    }
    if (urlError) return;
    setBusy(true);
    try {
      await updateProfile({ name, avatarUrl });
      notify.success('Profile saved');
    } catch (err) {
      notify.error(err instanceof Error ? err.message : 'Could not save the profile.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="stack"
      onSubmit={(e) => void onSubmit(e)}
      aria-labelledby="edit-profile-heading"
    >
      <h2 id="edit-profile-heading">Edit profile</h2>
      <Field
        ref={nameRef}
        label="Display name"
        name="display_name"
        autoComplete="given-name"
        maxLength={DISPLAY_NAME_MAX}
        hint={`The name others see with what you share (at most ${DISPLAY_NAME_MAX} characters).`}
        error={nameError}
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <Field
        label="Picture link (optional)"
        name="avatar_url"
        type="text"
        inputMode="url"
        value={avatarUrl.startsWith('data:') ? '' : avatarUrl}
        placeholder={avatarUrl.startsWith('data:') ? 'Image chosen from this device' : 'https://'}
        hint="A link to a picture, or choose one from this device."
        error={error}
        onChange={(e) => setAvatarUrl(e.target.value)}
      />
      <div className="row">
        <label htmlFor={fileId} className="btn btn--secondary btn--sm">
          Choose image
        </label>
        <input
          id={fileId}
          ref={fileRef}
          type="file"
          accept="image/*"
          className="visually-hidden"
          onChange={async (e) => {
            const file = e.target.files?.[0];
            if (!file) return;
            try {
              setAvatarUrl(await avatarFromFile(file));
              setError(undefined);
            } catch (err) {
              setError(err instanceof Error ? err.message : 'This image could not be used.');
            } finally {
              if (fileRef.current) fileRef.current.value = '';
            }
          }}
        />
        {avatarUrl ? (
          <Button variant="ghost" size="sm" onClick={() => setAvatarUrl('')}>
            Remove avatar
          </Button>
        ) : null}
      </div>
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : 'Save profile'}
        </Button>
      </div>
    </form>
  );
}

function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [exported, setExported] = useState<string | null>(null);
  const navigate = useNavigate();
  const confirmed = typed.trim() === DELETE_CONFIRMATION_WORD;

  return (
    <section className="stack" aria-labelledby="delete-heading">
      <h2 id="delete-heading">Delete account</h2>
      <p className="muted">
        Deletes your account and everything it holds on the server (sessions, custom patterns,
        posts, reactions, follows, ratings, courses and enrollments, instructor profile, push
        reminders) and every copy on this device. This cannot be undone. Export your data first
        if you want to keep a copy.
      </p>
      <div>
        <Button variant="danger" onClick={() => setOpen(true)}>
          Delete account…
        </Button>
      </div>
      <Dialog
        open={open}
        onOpenChange={(o) => {
          if (busy) return;
          setOpen(o);
          setTyped('');
          setError(undefined);
        }}
        title="Delete your account?"
        description={`Your account, its sessions and its patterns are removed from the server and from this device. Type ${DELETE_CONFIRMATION_WORD} to confirm.`}
      >
        <div className="stack">
          <p>Want a copy first? The data file holds your sessions, custom patterns and preferences.</p>
          <div>
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() =>
                void downloadDataFile()
                  .then((n) => setExported(`Exported ${n.sessions} ${n.sessions === 1 ? 'session' : 'sessions'}.`))
                  .catch((err: unknown) => setExported(`Export failed: ${err instanceof Error ? err.message : String(err)}`))
              }
            >
              Export my data first
            </Button>
          </div>
          {exported ? <p role="status">{exported}</p> : null}
        </div>
        <form
          className="stack"
          onSubmit={async (e) => {
            e.preventDefault();
            if (!confirmed || busy) return;
            setBusy(true);
            setError(undefined);
            try {
              const deletedId = await deleteAccount();
              setOpen(false);
              // Leave the signed-in-only page first, so its gate does not send us to sign in.
              await navigate({ to: '/' });
              await signOutAfterDeletion(deletedId);
              notify.success('Your account has been deleted.');
            } catch (err) {
              setError(err instanceof Error ? err.message : 'The account could not be deleted.');
            } finally {
              setBusy(false);
            }
          }}
        >
          <Field
            label={`Type ${DELETE_CONFIRMATION_WORD} to confirm`}
            name="confirm"
            autoComplete="off"
            value={typed}
            error={error}
            onChange={(e) => setTyped(e.target.value)}
          />
          <div className="row">
            <Button type="submit" variant="danger" disabled={!confirmed || busy}>
              {busy ? 'Deleting...' : 'Delete my account'}
            </Button>
            <Button variant="ghost" disabled={busy} onClick={() => setOpen(false)}>
              Cancel
            </Button>
          </div>
        </form>
      </Dialog>
    </section>
  );
}

interface ProfileScreenProps {
  user: AuthUser;
  role: UserRole | null;
  /**
   * The sync feature's status panel, composed by the route: the sync feature's index is in
   * the first load (the header's badge), the panel is not.
   */
  syncStatus: ReactNode;
}

/** The page's heading, also shown while the account is read. */
export const PROFILE_HEADING = 'Profile';

/** /profile: who you are, your data, your account. */
export function ProfileScreen({ user, role, syncStatus }: ProfileScreenProps) {
  const signOutAndLeave = useSignOut();
  return (
    <div className="page profile-page stack">
      <h1>{PROFILE_HEADING}</h1>
      <Card className="profile-summary">
        <Avatar user={user} />
        <div>
          <p className="profile-summary__welcome">Welcome, {displayName(user)}</p>
          <p className="muted profile-summary__email" title={user.email}>
            {user.email}
          </p>
          {role && ROLE_LABEL[role] ? (
            <p>
              <Badge tone="primary">{ROLE_LABEL[role]}</Badge>
            </p>
          ) : null}
        </div>
      </Card>

      <Card className="profile-settings-link">
        <Link to="/settings" className="btn btn--secondary">
          Settings
        </Link>
        <span className="muted">Theme, sounds, vibration, countdown and navigation.</span>
      </Card>

      <Card>
        <EditProfile key={`${user.id}:${user.name ?? ''}:${user.avatarUrl ?? ''}`} user={user} />
      </Card>

      <Card as="section" aria-labelledby="wallets-heading" className="stack">
        <ProfileWalletSlot />
      </Card>

      <Card>{syncStatus}</Card>

      <Card>
        <CoachPreferences />
      </Card>

      <Card className="stack">
        <p className="muted">
          Reminders, practice without tracking, and exporting or importing your data are in{' '}
          <Link to="/settings">Settings</Link>.
        </p>
      </Card>

      <Card as="section" aria-labelledby="signout-heading" className="stack">
        <h2 id="signout-heading">Sign out</h2>
        <p className="muted">
          Signing out first uploads your changes, then removes your sessions, patterns,
          favorites and preferences from this device. They come back when you sign in again.
        </p>
        <div>
          <Button variant="secondary" onClick={() => void signOutAndLeave()}>
            Sign Out
          </Button>
        </div>
      </Card>

      <Card className="profile-danger">
        <DeleteAccount />
      </Card>
    </div>
  );
}
