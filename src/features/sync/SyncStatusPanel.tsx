import { formatDistanceStrict } from 'date-fns';
import { useState, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import type { SessionRecord } from '../../data/db';
import {
  useGuestSessionCount,
  usePreferences,
  useProblemSessions,
  useSignedInUser,
  useSyncCounts,
} from '../../data/hooks';
import { attachGuestSessions, retryAllFailed, retrySession } from '../../data/sessionsRepo';
import type { OutboxResult } from '../../sync/outbox';
import { requestSync, syncNow } from '../../sync/page/syncEngine';
import { useNetworkStatus } from '../../app/network/useNetworkStatus';
import { syncRefusalText } from '../../domain/errors/syncRefusal';
import { useSyncSnapshot } from './useSyncSnapshot';
import { useTick } from './useTick';
import { CONNECTED, OFFLINE_MODE, SLOW, SYNC_NOW } from './strings';
import './sync.css';

/** A list of sessions that did not upload, each with its reason and a button to retry it. */
function ProblemSessions({
  title,
  note,
  sessions,
  fallbackError,
  retryLabel,
  children,
}: {
  title: string;
  note?: string;
  sessions: SessionRecord[];
  /** Shown when a session has no recorded error. */
  fallbackError: string;
  retryLabel: string;
  children?: ReactNode;
}) {
  return (
    <div className="sync-panel__problems">
      <h3 className="sync-panel__subheading">
        {title} ({sessions.length})
      </h3>
      {note ? <p className="muted">{note}</p> : null}
      <ul>
        {sessions.map((s) => (
          <li key={s.id}>
            <span>{sessionLabel(s)}</span>
            <span className="sync-panel__error">
              {s.lastError ? syncRefusalText(s.lastError) : fallbackError}
            </span>
            <button
              type="button"
              className="btn btn--secondary btn--sm"
              onClick={() => void retrySession(s.id).then(() => requestSync())}
            >
              {retryLabel}
              <span className="visually-hidden"> {sessionLabel(s)}</span>
            </button>
          </li>
        ))}
      </ul>
      {children}
    </div>
  );
}

function describeResult(r: OutboxResult): string {
  switch (r.status) {
    case 'signed_out':
      return 'Sign in to sync your sessions.';
    case 'auth_required':
      return 'Your sign-in has expired. Sign in again to sync.';
    case 'retry_later':
      if (r.offline) return 'No connection: the sessions will upload when the connection is back.';
      if (!r.error)
        return `${r.remaining} ${r.remaining === 1 ? 'session is' : 'sessions are'} waiting to be retried.`;
      return 'Your account could not take the sessions just now; they are sent again automatically.';
    case 'done': {
      const parts = [`${r.uploaded} ${r.uploaded === 1 ? 'session' : 'sessions'} uploaded`];
      if (r.failed) parts.push(`${r.failed} failed`);
      if (r.localOnly) parts.push(`${r.localOnly} kept on this device`);
      return `${parts.join(', ')}.`;
    }
  }
}

function sessionLabel(s: SessionRecord): string {
  const when =
    Number.isFinite(s.startTime) && s.startTime > 0 ? new Date(s.startTime) : new Date(s.createdAt);
  return `${s.patternName}, ${Number.isNaN(when.getTime()) ? 'unknown date' : when.toLocaleString()}`;
}

/**
 * The detailed sync view: Connected or Offline Mode, last sync age, pending
 * sessions, 'Sync now'; failed and local-only sessions with their reason and a retry.
 * Refreshed every 5 s. Usable on its own (profile/progress) or inside the badge dialog.
 */
export function SyncStatusPanel({ headingLevel = 2 }: { headingLevel?: 2 | 3 | null }) {
  const now = useTick();
  const network = useNetworkStatus().status;
  const user = useSignedInUser();
  const userId = user?.userId ?? null;
  const counts = useSyncCounts(userId);
  const problems = useProblemSessions(userId);
  const guestCount = useGuestSessionCount();
  const { lastSyncTime } = usePreferences();
  const { running, lastResult } = useSyncSnapshot(Boolean(user));
  const [message, setMessage] = useState<string | null>(null);
  const offline = network === 'offline';

  const onSyncNow = async () => {
    setMessage(null);
    const r = await syncNow();
    setMessage(r ? describeResult(r) : 'Saving to an account is not offered here.');
  };

  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const failed = problems.filter((p) => p.syncState === 'failed');
  const localOnly = problems.filter((p) => p.syncState === 'local_only');

  return (
    <section
      className="sync-panel"
      aria-label={headingLevel === null ? 'Sync details' : undefined}
      aria-labelledby={headingLevel === null ? undefined : 'sync-panel-heading'}
    >
      {headingLevel === null ? null : (
        <Heading id="sync-panel-heading" className="sync-panel__heading">
          Sync
        </Heading>
      )}
      <p
        className={`sync-panel__state sync-panel__state--${network}`}
        data-testid="sync-connection"
      >
        <span className="sync-badge__dot" aria-hidden="true" /> {offline ? OFFLINE_MODE : CONNECTED}
        {network === 'slow' ? <span className="muted"> ({SLOW})</span> : null}
      </p>
      {user === undefined ? null : user ? (
        <>
          <dl className="facts sync-panel__facts">
            <div>
              <dt>Last sync</dt>
              <dd data-testid="sync-last">
                {lastSyncTime
                  ? now - lastSyncTime < 60_000
                    ? 'Just now'
                    : `${formatDistanceStrict(lastSyncTime, now)} ago`
                  : 'Not yet'}
              </dd>
            </div>
            <div>
              <dt>Pending sessions</dt>
              <dd data-testid="sync-pending-count">{counts.pending}</dd>
            </div>
            <div>
              <dt>Synced sessions</dt>
              <dd>{counts.synced}</dd>
            </div>
          </dl>
          <p>
            <button
              type="button"
              className="sync-panel__link"
              onClick={() => void onSyncNow()}
              disabled={running}
              aria-describedby="sync-panel-message"
            >
              {running ? 'Syncing…' : SYNC_NOW}
            </button>
          </p>
          <p
            id="sync-panel-message"
            className="sync-panel__message"
            role="status"
            aria-live="polite"
          >
            {message ??
              (lastResult && lastResult.status !== 'done' ? describeResult(lastResult) : '')}
          </p>
          {failed.length ? (
            <ProblemSessions
              title="Not uploaded"
              note="Your account did not take these sessions. They are kept on this device; each says what to do."
              sessions={failed}
              fallbackError="Not saved to your account yet."
              retryLabel="Retry"
            >
              {failed.length > 1 && userId ? (
                <button
                  type="button"
                  className="btn btn--ghost btn--sm"
                  onClick={() => void retryAllFailed(userId).then(() => requestSync())}
                >
                  Retry all
                </button>
              ) : null}
            </ProblemSessions>
          ) : null}
          {localOnly.length ? (
            <ProblemSessions
              title="Kept on this device only"
              sessions={localOnly}
              fallbackError="Kept on this device."
              retryLabel="Try again"
            />
          ) : null}
          {guestCount > 0 && userId ? (
            <p>
              {guestCount} {guestCount === 1 ? 'session was' : 'sessions were'} practiced on this
              device as a guest.{' '}
              <button
                type="button"
                className="sync-panel__link"
                onClick={() => void attachGuestSessions(userId).then(() => requestSync())}
              >
                Add them to my account
              </button>
            </p>
          ) : null}
        </>
      ) : (
        <p className="muted">
          Your sessions are kept on this device
          {guestCount > 0 ? ` (${guestCount} so far)` : ''}. <Link to="/auth">Sign in</Link> to sync
          them to your account.
        </p>
      )}
    </section>
  );
}
