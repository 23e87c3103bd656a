import { useSelector } from '@xstate/react';
import { completionPercent } from '../../domain/sessionScoring';
import { isMilestone } from '../../machines/breathLoop';
import { Badge } from '../../ui/Badge';
import { formatClock } from './formatClock';
import type { LoopRef, SessionRef } from './useSessionController';

/** Cycles done and the session's target (the target grows with each retention round). */
function useCycles(session: SessionRef, loopRef: LoopRef, targetCycles: number) {
  const cycleCount = useSelector(session, (s) => s.context.metrics.cycleCount);
  const rounds = useSelector(loopRef, (s) => s.context.rounds);
  return { cycleCount, target: targetCycles * rounds };
}

interface FigureProps {
  session: SessionRef;
  loopRef: LoopRef;
  targetCycles: number;
}

/**
 * Time and cycles. Their own component: the clock ticks every second, and only these
 * few lines re-render for it, not the whole session screen.
 */
export function SessionFigures({ session, loopRef, targetCycles }: FigureProps) {
  const duration = useSelector(session, (s) => s.context.metrics.duration);
  const { cycleCount, target } = useCycles(session, loopRef, targetCycles);
  return (
    <dl className="session-stats immersive__stats immersive__chrome">
      <div className="stat">
        <dt className="stat__label">Time</dt>
        <dd className="stat__value" data-testid="session-timer">
          {formatClock(duration)}
        </dd>
      </div>
      <div className="stat">
        <dt className="stat__label">Cycles</dt>
        <dd className="stat__value" data-testid="session-cycles">
          {cycleCount} / {target}
        </dd>
      </div>
      {isMilestone(cycleCount) ? (
        <Badge tone="primary" className="milestone">
          {cycleCount} breaths
        </Badge>
      ) : null}
    </dl>
  );
}

/** The session's progress bar (cycles done of the target). */
export function SessionProgress({ session, loopRef, targetCycles }: FigureProps) {
  const { cycleCount, target } = useCycles(session, loopRef, targetCycles);
  const progress = completionPercent(cycleCount, target);
  return (
    <div
      className="session-progress"
      role="progressbar"
      aria-label="Session progress"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={progress}
    >
      <div className="session-progress__bar" style={{ transform: `scaleX(${progress / 100})` }} />
    </div>
  );
}
