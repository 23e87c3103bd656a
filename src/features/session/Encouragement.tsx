import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { encouragementIntervalMs, pickEncouragement } from '../../domain/encouragement';
import { completionPercent } from '../../domain/sessionScoring';
import type { LoopRef, SessionRef } from './useSessionController';

/**
 * Adaptive encouragement (docs/product.md § Sessions): a short note at an interval set by
 * progress (and stillness when a camera measures it), while breathing (not paused, not in
 * a retention hold).
 */
export function Encouragement({
  session,
  loopRef,
  targetCycles,
  on,
  paused,
}: {
  session: SessionRef;
  loopRef: LoopRef;
  targetCycles: number;
  on: boolean;
  paused: boolean;
}) {
  const duration = useSelector(session, (s) => s.context.metrics.duration);
  const cycleCount = useSelector(session, (s) => s.context.metrics.cycleCount);
  const stillness = useSelector(session, (s) => s.context.visionMetrics?.stillness);
  const rounds = useSelector(loopRef, (s) => s.context.rounds);
  const inRetention = useSelector(loopRef, (s) => typeof s.value === 'object');
  const progress = completionPercent(cycleCount, targetCycles * rounds);
  const [text, setText] = useState<string | null>(null);
  const lastAt = useRef(0);
  const count = useRef(0);

  useEffect(() => {
    if (!on || paused || inRetention) return;
    const interval = encouragementIntervalMs({ progressPercent: progress, stillness });
    if (duration * 1000 - lastAt.current >= interval) {
      lastAt.current = duration * 1000;
      setText(pickEncouragement({ progressPercent: progress, stillness }, count.current++).text);
    }
  }, [on, paused, inRetention, duration, progress, stillness]);

  return on && text ? (
    <p className="encouragement" role="status">
      {text}
    </p>
  ) : null;
}
