import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { Button } from '../../ui/Button';
import type { LoopRef, SessionController } from './useSessionController';

const formatHold = (ms: number) => `${(Math.max(0, ms) / 1000).toFixed(1)} s`;

/**
 * Breath retention (wim_hof): after the last exhale of a round the user holds and taps
 * when they breathe again. The hold time counts up from the exact end of the exhale.
 */
export function RetentionPanel({
  loopRef,
  actions,
}: {
  loopRef: LoopRef;
  actions: SessionController['actions'];
}) {
  const holding = useSelector(loopRef, (s) => s.matches({ retention: 'holding' }));
  const holds = useSelector(loopRef, (s) => s.context.holdsMs);
  const timerRef = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    if (!holding) return;
    let frame = 0;
    const draw = () => {
      frame = requestAnimationFrame(draw);
      const start = loopRef.getSnapshot().context.holdStartedAt;
      if (timerRef.current && start !== null)
        timerRef.current.textContent = formatHold(performance.now() - start);
    };
    frame = requestAnimationFrame(draw);
    return () => cancelAnimationFrame(frame);
  }, [holding, loopRef]);

  if (holding) {
    return (
      <div className="retention" data-testid="retention">
        <h2 className="retention__title">Hold your breath</h2>
        <p className="retention__lead">
          Breathe out and hold with empty lungs. Tap when you breathe again.
        </p>
        <p className="retention__timer" aria-hidden="true">
          <span ref={timerRef}>0.0 s</span>
        </p>
        <Button size="lg" onClick={actions.breatheAgain} aria-keyshortcuts="Space">
          I breathed again
        </Button>
      </div>
    );
  }

  const last = holds[holds.length - 1] ?? 0;
  return (
    <div className="retention" data-testid="retention-done">
      <h2 className="retention__title">Hold: {formatHold(last)}</h2>
      {holds.length > 1 ? (
        <p className="retention__lead">Longest so far: {formatHold(Math.max(...holds))}</p>
      ) : null}
      <p className="retention__lead">Take a deep recovery breath. Another round, or finish here?</p>
      <div className="session-controls">
        <Button onClick={actions.anotherRound}>Another Round</Button>
        <Button variant="secondary" onClick={actions.finish}>
          Finish Session
        </Button>
      </div>
    </div>
  );
}
