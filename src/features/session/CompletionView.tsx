import { useSelector } from '@xstate/react';
import { isNoTracking } from '../../app/noTracking';
import { completionStep } from '../../machines/session';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { VisionFigures } from '../vision';
import { formatClock } from './formatClock';
import type { SessionRef } from './useSessionController';

/**
 * The end of a wind-down session (docs/product.md § Sleep and sound): no figures, the words
 * coming up slowly out of black, and the results one tap away. Saving went through the one
 * save path before this shows (practice without tracking is honoured and said).
 */
function QuietEnd({ session, completed }: { session: SessionRef; completed: boolean }) {
  // The machine's own way to the results: past the impact (and a first-time unlock) to 'next'.
  const viewResults = () => {
    session.send({ type: 'NEXT' });
    session.send({ type: 'NEXT' });
    session.send({ type: 'VIEW_RESULTS' });
  };
  return (
    <section className="completion completion--quiet" aria-labelledby="quiet-end-title">
      <h2 id="quiet-end-title">{completed ? 'Sleep well' : 'Session ended'}</h2>
      <p className="completion__saved" role="status">
        {isNoTracking() ? 'Not saved: practice without tracking is on.' : 'Saved on this device.'}
      </p>
      <button type="button" className="completion__quiet-link" onClick={viewResults}>
        See the results
      </button>
    </section>
  );
}

/**
 * What there is to explore after a first session: each open to this person now (nothing
 * was locked), none needing a wallet.
 */
const FIRST_SESSION_TITLE = 'Your first session is done';
const NEXT_TO_EXPLORE = [
  'More patterns: 4-7-8 Relaxation, Wim Hof, Energy, Sleep and Mindfulness',
  'Your progress, kept on this device',
  'An analysis and suggestions after every session',
  'Your own patterns',
  'Sharing your practice, with a free account',
];

/**
 * The end of a session, as the session machine runs it: saving, impact, unlock (classic,
 * first time), next steps. Reads the machine's snapshot and sends it the buttons.
 */
export function CompletionView({
  session,
  quiet = false,
}: {
  session: SessionRef;
  /** Wind-down: a quiet 'saved' end instead of the figures (./QuietEnd). */
  quiet?: boolean;
}) {
  const step = useSelector(session, completionStep);
  const record = useSelector(session, (s) => s.context.record);
  const error = useSelector(session, (s) => s.context.saveError);

  if (step === 'saveFailed') {
    return (
      <Card as="section" className="completion" role="alert">
        <h2>Your session could not be saved</h2>
        <p>{error}</p>
        <Button onClick={() => session.send({ type: 'RETRY' })}>Try Again</Button>
      </Card>
    );
  }
  if (!record || step === 'identifying' || step === 'saving') {
    return (
      <Card as="section" className="completion" aria-busy="true">
        <p role="status">Saving your session…</p>
      </Card>
    );
  }
  if (quiet && (step === 'impact' || step === 'unlock' || step === 'next'))
    return <QuietEnd session={session} completed={record.completed} />;
  if (step === 'impact') {
    return (
      <Card as="section" className="completion" aria-labelledby="completion-title">
        <h2 id="completion-title" tabIndex={-1}>
          {record.completed ? 'Session complete' : 'Session ended'}
        </h2>
        <p className="completion__lead">
          {record.completed
            ? `You breathed ${record.cycleCount} cycles of ${record.patternName}.`
            : `You breathed ${record.cycleCount} of ${record.targetCycles} cycles of ${record.patternName}.`}
        </p>
        <dl className="session-stats">
          <div className="stat">
            <dt className="stat__label">Practice time</dt>
            <dd className="stat__value">{formatClock(record.duration)}</dd>
          </div>
          <div className="stat">
            <dt className="stat__label">Cycles</dt>
            <dd className="stat__value">
              {record.cycleCount} / {record.targetCycles}
            </dd>
          </div>
          {record.breathHoldTime !== undefined ? (
            <div className="stat">
              <dt className="stat__label">Longest hold</dt>
              <dd className="stat__value">{record.breathHoldTime.toFixed(1)} s</dd>
            </div>
          ) : null}
        </dl>
        {record.vision ? <VisionFigures figures={record.vision} /> : null}
        <p className="completion__saved">
          {isNoTracking() ? 'Not saved: practice without tracking is on.' : 'Saved on this device.'}
        </p>
        <Button onClick={() => session.send({ type: 'NEXT' })} autoFocus>
          Continue
        </Button>
      </Card>
    );
  }
  if (step === 'unlock') {
    return (
      <Card as="section" className="completion" aria-labelledby="unlock-title">
        <h2 id="unlock-title">{FIRST_SESSION_TITLE}</h2>
        <p className="completion__lead">Well done. When you are ready, there is more to explore:</p>
        <ul className="completion__unlocks">
          {NEXT_TO_EXPLORE.map((u) => (
            <li key={u}>{u}</li>
          ))}
        </ul>
        <Button onClick={() => session.send({ type: 'NEXT' })} autoFocus>
          Continue
        </Button>
      </Card>
    );
  }
  return (
    <Card as="section" className="completion" aria-labelledby="next-title">
      <h2 id="next-title">What next?</h2>
      <p className="completion__lead">See your figures, or breathe another round.</p>
      <div className="presession__actions">
        <Button onClick={() => session.send({ type: 'VIEW_RESULTS' })} autoFocus>
          View Results
        </Button>
        <Button variant="secondary" onClick={() => session.send({ type: 'PRACTICE_AGAIN' })}>
          Practice Again
        </Button>
      </div>
    </Card>
  );
}
