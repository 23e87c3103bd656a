import { useEffect, useState } from 'react';
import { togetherApi } from '../../backend/api/togetherApi';
import { useAuth } from '../../app/auth/authStore';
import { PHASE_HINTS, PHASE_LABELS } from '../../domain/breathClock';
import type { TogetherLinkContent } from '../../domain/links/patternLink';
import { timingLabel } from '../../domain/patterns';
import { Button } from '../../ui/Button';
import { useReducedMotion } from '../../ui/useReducedMotion';
import { HostPanel } from './HostPanel';
import { isHosted, togetherDeviceId } from './hostedSessions';
import { useServerClock } from './useServerClock';
import { useTogetherRun } from './useTogetherRun';
import { useTogetherSave } from './useTogetherSave';
import './together.css';

const seconds = (ms: number) => Math.max(0, Math.ceil(ms / 1000 - 1e-9));

/**
 * A shared session opened from its link: the clock is matched with the server's, the join is
 * counted (once per person), and the guide follows the phase boundaries every participant
 * computes from the one start time. Nothing after the first clock match needs the network.
 */
export function TogetherScreen({ content }: { content: TogetherLinkContent }) {
  const { pattern, startsAt, cycles, session } = content;
  const auth = useAuth();
  const clock = useServerClock();
  const estimate = clock.status === 'syncing' ? null : clock.estimate;
  const moment = useTogetherRun(pattern, startsAt, cycles, estimate);
  const saved = useTogetherSave(content, moment);
  const reduced = useReducedMotion();
  const [hosting] = useState(() => isHosted(session));
  const [joined, setJoined] = useState<'pending' | 'counted' | 'not_counted' | 'offline' | 'ended'>(
    'pending',
  );

  // Counted once the auth state is known (a member counts as their account).
  useEffect(() => {
    if (auth.status === 'loading' || hosting) return;
    let cancelled = false;
    togetherApi.join(session, togetherDeviceId(), auth.status === 'signedIn').then(
      (r) =>
        !cancelled && setJoined(r.counted || r.reason === 'already' ? 'counted' : 'not_counted'),
      (e: unknown) => {
        if (cancelled) return;
        const status = (e as { status?: number }).status;
        setJoined(status === 410 ? 'ended' : status ? 'not_counted' : 'offline');
      },
    );
    return () => {
      cancelled = true;
    };
  }, [auth.status, hosting, session]);

  const phase = moment?.stage === 'breathing' ? moment.phase : null;
  return (
    <section className="page together-page" aria-labelledby="together-title">
      <p className="muted together-page__kicker">Breathing together</p>
      <h1 id="together-title">{pattern.name}</h1>
      <p className="muted">
        {timingLabel(pattern)} · {cycles} {cycles === 1 ? 'cycle' : 'cycles'} · starts{' '}
        {new Date(startsAt - (estimate?.offsetMs ?? 0)).toLocaleTimeString([], {
          hour: '2-digit',
          minute: '2-digit',
          second: '2-digit',
        })}
      </p>
      {hosting ? <HostPanel sessionId={session} /> : null}
      <div
        className="card together-guide"
        data-stage={moment?.stage ?? 'syncing'}
        data-phase={phase ?? ''}
      >
        {clock.status === 'syncing' || !moment ? (
          <p role="status">Matching your clock with the server…</p>
        ) : moment.stage === 'waiting' ? (
          <p role="status" className="together-guide__wait">
            Starting in <span data-testid="together-countdown">{seconds(moment.msToStart)}</span> s
          </p>
        ) : moment.stage === 'breathing' ? (
          <>
            <div
              className={`together-orb together-orb--${moment.phase}${reduced ? ' together-orb--still' : ''}`}
              style={{ transitionDuration: `${moment.phaseRemainingMs}ms` }}
              aria-hidden="true"
            />
            <p className="together-guide__phase" aria-live="polite" data-testid="together-phase">
              {PHASE_LABELS[moment.phase]}
            </p>
            <p className="muted together-guide__hint">
              {PHASE_HINTS[moment.phase]} · {seconds(moment.phaseRemainingMs)} s ·
              cycle {moment.cycle + 1} of {cycles}
            </p>
          </>
        ) : (
          <>
            <p role="status">This shared session has ended. Thank you for breathing together.</p>
            <p className="muted" role="status" data-testid="together-saved">
              {saved.state.status === 'stored'
                ? 'Saved to your history.'
                : saved.state.status === 'not_tracked'
                  ? 'Not saved: practice without tracking is on.'
                  : saved.state.status === 'failed'
                    ? saved.state.message
                    : null}
            </p>
            {saved.state.status === 'failed' ? (
              <Button variant="secondary" onClick={saved.retry}>
                Try again
              </Button>
            ) : null}
          </>
        )}
      </div>
      <p className="muted together-page__sync" role="status">
        {clock.status === 'synced'
          ? 'In step with the others.'
          : clock.status === 'unsynced'
            ? 'No connection to keep in step with the others: following this device’s clock, which may be a few seconds off.'
            : null}{' '}
        {joined === 'offline'
          ? 'You could not be counted (no connection); the session goes on.'
          : null}
      </p>
    </section>
  );
}
