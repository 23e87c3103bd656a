import { Link } from '@tanstack/react-router';
import { useLocalQuery } from '../../data/useLocalQuery';
import { Suspense } from 'react';
import { getSession } from '../../data/sessionsRepo';
import {
  STORAGE_TIMEOUT_MESSAGE,
  StorageTimeoutError,
  withinStorageWait,
} from '../../data/storageWait';
import { Badge } from '../../ui/Badge';
import { buttonClass } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { EmptyState } from '../../ui/EmptyState';
import { LineIcon } from '../../ui/LineIcon';
import { LoadingPage } from '../../ui/LoadingPage';
import { SessionAnalysisCard } from '../coach';
import type { ResultsNavState } from '../session';
import { ProgramResultsCard } from '../programs';
import { ShareProgressPrompt } from '../share';
import { VisionResultsCard } from '../vision';
import { RatePattern } from './RatePattern';
import type { CourseReturn } from '../../domain/courseReturn';
import { formatDuration } from '../../domain/duration';
import { scoreIcon } from '../../domain/sessionScoring';
import { figuresFromNavState, figuresFromRecord, type ResultFigures } from './resultFigures';
import './results.css';

const SYNC_TEXT: Record<NonNullable<ResultFigures['syncState']>, string> = {
  guest: 'Saved on this device.',
  pending: 'Saved on this device; it will sync to your account when online.',
  synced: 'Saved and synced to your account.',
  failed: 'Saved on this device; the last upload failed.',
  local_only: 'Saved on this device only.',
};

/**
 * The results of one session: read back from the local database by id (so a reload
 * works), with the navigation state as the first paint. Only measured figures.
 */
const RESULTS_HEADING = 'Session Results';

/** How the one score is made (domain/sessionScoring: sessionScore; docs/product.md § Results and scores). */
const SCORE_EXPLAINED =
  'The score weighs completion (40%), rhythm steadiness (35%) and camera stillness (25%), counting only what was measured; a session ended early reads at most 79, or 59 under half its cycles.';

export function ResultsScreen({
  id,
  navState,
  course,
}: {
  id?: string;
  navState?: ResultsNavState;
  /** The course whose day this session was: its way back comes first. */
  course?: CourseReturn;
}) {
  const stored = useLocalQuery(
    async () => {
      if (!id) return null;
      // Bounded (data/storageWait): a locked database shows the figures carried here, or why not.
      try {
        return (await withinStorageWait(getSession(id), 'read the session')) ?? null;
      } catch (e) {
        if (e instanceof StorageTimeoutError) return 'unavailable' as const;
        throw e;
      }
    },
    [id],
    'loading' as const,
  );
  const fromState =
    navState && (!id || navState.sessionId === id) ? figuresFromNavState(navState) : undefined;
  const read = stored && stored !== 'loading' && stored !== 'unavailable' ? stored : undefined;
  const figures = read ? figuresFromRecord(read) : fromState;

  if (!figures) {
    if (stored === 'loading')
      return (
        <LoadingPage heading={RESULTS_HEADING} label="Loading your results" className="results" />
      );
    return (
      <div className="page results">
        <h1>{RESULTS_HEADING}</h1>
        <EmptyState
          title={
            stored === 'unavailable'
              ? STORAGE_TIMEOUT_MESSAGE
              : id
                ? 'That session is not on this device.'
                : 'No session to show yet.'
          }
        >
          <Link to="/session" className={buttonClass('primary')}>
            Start a session
          </Link>
        </EmptyState>
      </div>
    );
  }

  const f = figures;
  const record = read;
  return (
    <div className="page results" data-testid="results">
      <h1>{RESULTS_HEADING}</h1>
      <Card as="section" className="results__summary" aria-labelledby="results-pattern">
        <h2 id="results-pattern" className="results__pattern">
          {f.patternName}
          <Badge tone={f.completed ? 'primary' : 'neutral'}>
            {f.completed ? 'Completed' : 'Ended early'}
          </Badge>
        </h2>
        <dl className="stat-grid results__stats">
          <div className="stat">
            <dt className="stat__label">Time</dt>
            <dd className="stat__value" data-testid="result-duration">
              {formatDuration(f.duration)}
            </dd>
          </div>
          <div className="stat">
            <dt className="stat__label">Cycles</dt>
            <dd className="stat__value" data-testid="result-cycles">
              {f.cycleCount} / {f.targetCycles}
            </dd>
          </div>
          {f.breathHoldTime !== undefined ? (
            <div className="stat">
              <dt className="stat__label">Longest hold</dt>
              <dd className="stat__value">{f.breathHoldTime.toFixed(1)} s</dd>
            </div>
          ) : null}
        </dl>
        <p className="results__sentence" data-testid="result-sentence">
          {f.sentence}
        </p>
        {navState?.untracked && !record ? (
          <p className="results__untracked" data-testid="results-untracked">
            Not saved: practice without tracking is on. Nothing of this session was kept on this
            device or sent to your account, so it will not be here after you leave this page.
          </p>
        ) : null}
        <div className="results__actions">
          {course ? (
            <Link
              to="/courses/$courseId"
              params={{ courseId: course.courseId }}
              className={buttonClass('primary')}
              data-testid="results-course"
            >
              Back to {course.title}
            </Link>
          ) : null}
          {record?.program ? (
            <Link
              to="/programs/$programId"
              params={{ programId: record.program.programId }}
              className={buttonClass(course ? 'secondary' : 'primary')}
            >
              Practice Again
            </Link>
          ) : (
            <Link
              to="/session/$mode"
              params={{ mode: f.sessionType }}
              search={{ pattern: f.patternId }}
              className={buttonClass(course ? 'secondary' : 'primary')}
            >
              Practice Again
            </Link>
          )}
          <Link to="/" className={buttonClass('ghost')}>
            Home
          </Link>
        </div>
      </Card>

      {record ? <ProgramResultsCard record={record} /> : null}

      <details className="results__more" data-testid="results-more">
        <summary className={buttonClass('secondary')}>More</summary>
        <div className="results__more-body">
          <Card as="section" aria-labelledby="results-details-title" className="results__summary">
            <h2 id="results-details-title">Details</h2>
            <dl className="stat-grid results__stats">
              <div className="stat">
                <dt className="stat__label">Score</dt>
                {f.score !== undefined ? (
                  <dd className="stat__value results__score" data-testid="session-score">
                    {f.score}
                    <span className="results__out-of">/100</span>{' '}
                    <Badge tone="primary" data-testid="quality-label">
                      {f.label}
                    </Badge>
                  </dd>
                ) : null}
                {f.score !== undefined ? (
                  <dd
                    className="results__score-icon"
                    data-testid="score-icon"
                    title={scoreIcon(f.score).meaning}
                  >
                    <LineIcon name={scoreIcon(f.score).icon} size={28} />
                    <span className="visually-hidden">{scoreIcon(f.score).meaning}</span>
                  </dd>
                ) : (
                  <dd className="results__unmeasured" data-testid="session-score-none">
                    Not measured
                  </dd>
                )}
              </div>
              <div className="stat">
                <dt className="stat__label">Completion</dt>
                <dd className="stat__value">{f.completionPercent}%</dd>
              </div>
              {f.rhythmConsistency !== undefined ? (
                <div className="stat">
                  <dt className="stat__label">Rhythm steadiness</dt>
                  <dd className="stat__value">{f.rhythmConsistency}%</dd>
                </div>
              ) : null}
              {f.stillness !== undefined ? (
                <div className="stat">
                  <dt className="stat__label">Stillness</dt>
                  <dd className="stat__value">{f.stillness}%</dd>
                </div>
              ) : null}
            </dl>
            <p className="results__note">
              Time excludes pauses.
              {f.rhythmConsistency !== undefined
                ? ' Rhythm steadiness is the share of cycles you breathed through without pausing.'
                : ''}{' '}
              {SCORE_EXPLAINED}
              {f.stillness === undefined
                ? ' No camera was used, so there is no stillness figure.'
                : ''}
            </p>
            {f.syncState ? <p className="results__note">{SYNC_TEXT[f.syncState]}</p> : null}
          </Card>

          {record ? <VisionResultsCard record={record} /> : null}

          {record ? <SessionAnalysisCard sessionId={record.id} /> : null}

          {record?.program ? null : (
            <Card as="section">
              <RatePattern patternId={f.patternId} patternName={f.patternName} />
            </Card>
          )}

          <Suspense fallback={null}>
            <ShareProgressPrompt sessionId={f.sessionId} />
          </Suspense>

          <Link to="/patterns" className={buttonClass('secondary')}>
            Pattern library
          </Link>
        </div>
      </details>
    </div>
  );
}
