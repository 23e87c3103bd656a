import { useEffect, useRef } from 'react';
import {
  PHASE_HINTS,
  PHASE_LABELS,
  activeElapsedMs,
  boundaryOffsetMs,
  positionAt,
  secondsLeft,
  sessionLengthMs,
  wallTimeAt,
  type PhaseName,
} from '../../domain/breathClock';
import { breathScale } from '../../domain/breathScale';
import type { LoopRef } from './useSessionController';
import { recordUiSwitch } from './timingProbe';
import { FRAME_TOLERANCE_MS } from './frameTime';

export interface BreathVisualProps {
  loopRef: LoopRef;
  reducedMotion: boolean;
  /** Called in the frame the phase changed (speech, vibration, screen-reader text). */
  onPhaseChange?: (phase: PhaseName, secondsInPhase: number) => void;
}

/**
 * The breathing guide. Every frame (requestAnimationFrame) it asks the breath clock where
 * the breath is and writes the result straight to the DOM: the circle's size (or, under
 * prefers-reduced-motion, a calm fill bar that does not move across the screen), the
 * phase name and the seconds left. It never keeps time itself.
 */
export function BreathVisual({ loopRef, reducedMotion, onPhaseChange }: BreathVisualProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const circleRef = useRef<HTMLDivElement>(null);
  const fillRef = useRef<HTMLDivElement>(null);
  const labelRef = useRef<HTMLSpanElement>(null);
  const hintRef = useRef<HTMLSpanElement>(null);
  const secondsRef = useRef<HTMLSpanElement>(null);
  const onPhaseChangeRef = useRef(onPhaseChange);
  useEffect(() => {
    onPhaseChangeRef.current = onPhaseChange;
  });

  useEffect(() => {
    let frame = 0;
    let lastKey: string | null = null;
    let lastBoundary = -1;
    const draw = (frameTs: number) => {
      frame = requestAnimationFrame(draw);
      const snap = loopRef.getSnapshot();
      if (snap.value !== 'running' && snap.value !== 'paused') return;
      const c = snap.context;
      // Where the breath is at this frame (its timestamp), not at whenever the callback runs.
      const now = Math.min(frameTs, performance.now()) + FRAME_TOLERANCE_MS;
      const end = sessionLengthMs(c.schedule, c.targetCycles);
      const elapsed = Math.min(activeElapsedMs(c.clock, now) - c.roundOriginMs, end - 0.001);
      const pos = positionAt(c.schedule, elapsed);
      const key = `${c.rounds}:${pos.boundaryIndex}`;
      if (key !== lastKey) {
        rootRef.current?.setAttribute('data-phase', pos.phase);
        if (labelRef.current) labelRef.current.textContent = PHASE_LABELS[pos.phase];
        if (hintRef.current) hintRef.current.textContent = PHASE_HINTS[pos.phase];
        const written = performance.now();
        if (lastKey !== null && pos.boundaryIndex === lastBoundary + 1) {
          const scheduledAt = wallTimeAt(
            c.clock,
            c.roundOriginMs + boundaryOffsetMs(c.schedule, pos.boundaryIndex),
          );
          if (scheduledAt !== null) {
            recordUiSwitch({
              boundary: pos.boundaryIndex,
              round: c.rounds,
              phase: pos.phase,
              scheduledAt,
              actualAt: written,
            });
          }
        }
        lastKey = key;
        lastBoundary = pos.boundaryIndex;
        // Side effects (speech, vibration, screen-reader text) run after this frame is painted.
        const phase = pos.phase;
        const seconds = Math.round(pos.phaseDurationMs / 1000);
        setTimeout(() => onPhaseChangeRef.current?.(phase, seconds), 0);
      }
      if (secondsRef.current) secondsRef.current.textContent = String(secondsLeft(pos));
      if (reducedMotion) {
        if (fillRef.current) fillRef.current.style.transform = `scaleX(${pos.phaseProgress})`;
      } else if (circleRef.current) {
        circleRef.current.style.transform = `scale(${breathScale(pos.phase, pos.phaseProgress)})`;
      }
    };
    frame = requestAnimationFrame(draw);
    return () => cancelAnimationFrame(frame);
  }, [loopRef, reducedMotion]);

  return (
    <div
      ref={rootRef}
      className={`breath ${reducedMotion ? 'breath--calm' : ''}`}
      data-phase="inhale"
      data-testid="breath-visual"
    >
      {reducedMotion ? (
        <div className="breath__calm" aria-hidden="true">
          <div ref={fillRef} className="breath__fill" />
        </div>
      ) : (
        <div className="breath__stage" aria-hidden="true">
          <div ref={circleRef} className="breath__circle" />
        </div>
      )}
      <div className="breath__text" aria-hidden="true">
        <span ref={labelRef} className="breath__label" data-testid="phase-label">
          Inhale
        </span>
        <span ref={secondsRef} className="breath__seconds" data-testid="phase-seconds" />
        <span ref={hintRef} className="breath__hint" />
      </div>
    </div>
  );
}
