import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useAuth } from '../../app/auth/authStore';
import { useSessions } from '../../data/hooks';
import { bestHoldMs, holdAlarmDue, holdLimitMs } from '../../domain/heart/holdWatch';
import { Button } from '../../ui/Button';
import type { LoopRef, SessionController } from './useSessionController';

const formatHold = (ms: number) => `${(Math.max(0, ms) / 1000).toFixed(1)} s`;

/**
 * Breath retention (wim_hof): after the last exhale of a round the user holds and taps
 * when they breathe again. The hold time counts up from the exact end of the exhale. A hold
 * that reaches its limit (the person's best plus 30 s, at most 3 minutes: domain/heart/
 * holdWatch.ts) asks 'Are you OK?' on screen (docs/product.md § Heart and safety).
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
  const { user } = useAuth();
  const sessions = useSessions(user?.id ?? null);
  const limitMs = useMemo(() => holdLimitMs(bestHoldMs(sessions ?? [], holds)), [sessions, holds]);
  const [overLimit, setOverLimit] = useState(false);

  useEffect(() => {
    setOverLimit(false);
    if (!holding) return;
    let frame = 0;
    const draw = () => {
      frame = requestAnimationFrame(draw);
      const start = loopRef.getSnapshot().context.holdStartedAt;
      if (start === null) return;
      const held = performance.now() - start;
      if (timerRef.current) timerRef.current.textContent = formatHold(held);
      if (holdAlarmDue(held, limitMs)) setOverLimit(true);
    };
    frame = requestAnimationFrame(draw);
    return () => cancelAnimationFrame(frame);
  }, [holding, loopRef, limitMs]);

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
        {overLimit ? (
          <p role="alert" className="retention__lead retention__alarm">
            <strong>
              Are you OK? This hold has passed your limit of {Math.round(limitMs / 1000)} s. Take a
              breath now.
            </strong>
          </p>
        ) : null}
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
