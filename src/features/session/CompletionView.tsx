import { useActorRef, useSelector } from '@xstate/react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import type { SessionRecord } from '../../data/db';
import { completionFlowMachine } from '../../machines/completionFlow';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { formatClock } from './ActiveSession';
import type { ResultsNavState } from './navState';
import { saveCompletedSession } from './saveCompletedSession';

/** What a first completed session unlocks (spec 1 onboarding copy). */
const UNLOCKS = [
  '6+ breathing patterns: Box, 4-7-8 Relaxation, Wim Hof, Energy, Sleep and Mindfulness',
  'Progress tracking',
  'AI recommendations',
  'Social sharing',
  'Pattern token minting',
  'Custom patterns',
];

export function resultsStateOf(record: SessionRecord): ResultsNavState {
  return {
    sessionId: record.id,
    patternName: record.patternName,
    patternId: record.patternId,
    sessionDuration: record.duration,
    cycleCount: record.cycleCount,
    targetCycles: record.targetCycles,
    ...(record.breathHoldTime !== undefined ? { breathHoldTime: record.breathHoldTime } : {}),
    ...(record.restlessnessScore !== undefined
      ? { restlessnessScore: record.restlessnessScore }
      : {}),
    ...(record.phaseAccuracy !== undefined ? { phaseAccuracy: record.phaseAccuracy } : {}),
    ...(record.rhythmConsistency !== undefined
      ? { rhythmConsistency: record.rhythmConsistency }
      : {}),
    ...(record.qualityScore !== undefined ? { qualityScore: record.qualityScore } : {}),
    ...(record.visionSessionId !== undefined ? { visionSessionId: record.visionSessionId } : {}),
    sessionType: record.sessionType,
    cameraUsed: record.cameraUsed,
    aiUsed: record.aiUsed,
    isOffline: typeof navigator !== 'undefined' ? !navigator.onLine : false,
    completed: record.completed,
  };
}

/** Completion flow (spec 2.6): saving, impact, unlock (classic first time), next steps. */
export function CompletionView({
  record,
  isFirstTime,
  onPracticeAgain,
}: {
  record: SessionRecord;
  isFirstTime: boolean;
  onPracticeAgain: () => void;
}) {
  const navigate = useNavigate();
  const [machine] = useState(() =>
    completionFlowMachine.provide({
      actors: { saveSession: fromPromise(async ({ input }) => saveCompletedSession(input)) },
      actions: {
        goToResults: () =>
          void navigate({
            to: '/results',
            search: { id: record.id },
            state: (prev) => ({ ...prev, sessionResult: resultsStateOf(record) }),
          }),
        practiceAgain: () => onPracticeAgain(),
      },
    }),
  );
  const flow = useActorRef(machine, { input: { record, isFirstTime } });
  const step = useSelector(flow, (s) => s.value);
  const error = useSelector(flow, (s) => s.context.error);

  if (step === 'saving') {
    return (
      <Card as="section" className="completion" aria-busy="true">
        <p role="status">Saving your session…</p>
      </Card>
    );
  }
  if (step === 'saveFailed') {
    return (
      <Card as="section" className="completion" role="alert">
        <h2>Your session could not be saved</h2>
        <p>{error}</p>
        <Button onClick={() => flow.send({ type: 'RETRY' })}>Try Again</Button>
      </Card>
    );
  }
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
        <p className="completion__saved">Saved on this device.</p>
        <Button onClick={() => flow.send({ type: 'NEXT' })} autoFocus>
          Continue
        </Button>
      </Card>
    );
  }
  if (step === 'unlock') {
    return (
      <Card as="section" className="completion" aria-labelledby="unlock-title">
        <h2 id="unlock-title">You unlocked more of Pneuma</h2>
        <p className="completion__lead">Your first session is done. Now you can explore:</p>
        <ul className="completion__unlocks">
          {UNLOCKS.map((u) => (
            <li key={u}>{u}</li>
          ))}
        </ul>
        <Button onClick={() => flow.send({ type: 'NEXT' })} autoFocus>
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
        <Button onClick={() => flow.send({ type: 'VIEW_RESULTS' })} autoFocus>
          View Results
        </Button>
        <Button variant="secondary" onClick={() => flow.send({ type: 'PRACTICE_AGAIN' })}>
          Practice Again
        </Button>
      </div>
    </Card>
  );
}
